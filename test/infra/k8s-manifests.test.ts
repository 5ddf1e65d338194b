// infra/k8s, checked without a cluster: every document validates against the Kubernetes OpenAPI schema
// (kubernetes-models) or, for KEDA's ScaledObject, against KEDA's CRD schema (@kubernetes-models/keda); and the
// properties a schema cannot see hold: probes name paths and ports the apps serve, every container has resources,
// selectors meet their pods, and the workers' NetworkPolicy refuses every address the SSRF-safe fetch refuses.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import * as keda from '@kubernetes-models/keda/keda.sh/v1alpha1';
import * as apps from 'kubernetes-models/apps/v1';
import * as autoscaling from 'kubernetes-models/autoscaling/v2';
import * as batch from 'kubernetes-models/batch/v1';
import * as networking from 'kubernetes-models/networking.k8s.io/v1';
import * as policy from 'kubernetes-models/policy/v1';
import * as core from 'kubernetes-models/v1';
import { checkAddress } from '@mcptest/mcp';
import { startHealthServer } from '../../workers/runner/src/observability/start-health-server';

const DIR = path.resolve('infra/k8s');

/** The model modules by apiVersion; a document of any other apiVersion fails the test (it would go unvalidated). */
const MODELS: Record<string, Record<string, unknown>> = {
  v1: core,
  'apps/v1': apps,
  'batch/v1': batch,
  'policy/v1': policy,
  'networking.k8s.io/v1': networking,
  'autoscaling/v2': autoscaling,
  'keda.sh/v1alpha1': keda,
};

interface Doc {
  file: string;
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  spec: Record<string, unknown>;
}

function loadDocs(): Doc[] {
  const docs: Doc[] = [];
  for (const file of readdirSync(DIR).filter((name) => /\.ya?ml$/.test(name))) {
    for (const parsed of parseAllDocuments(readFileSync(path.join(DIR, file), 'utf8'))) {
      expect(parsed.errors, file).toEqual([]);
      const value = parsed.toJS() as Omit<Doc, 'file'> | null;
      if (value !== null) docs.push({ ...value, file });
    }
  }
  return docs;
}

const docs = loadDocs();
const manifests = docs.filter((doc) => doc.kind !== 'Kustomization');
const find = (kind: string, name: string): Doc => {
  const doc = docs.find((d) => d.kind === kind && d.metadata.name === name);
  if (!doc) throw new Error(`infra/k8s has no ${kind} ${name}`);
  return doc;
};

/** Validates `doc` with its model; throws the schema's message when it does not conform. */
function validate(doc: Omit<Doc, 'file'>): void {
  const Model = MODELS[doc.apiVersion]?.[doc.kind];
  if (typeof Model !== 'function') throw new Error(`no schema for ${doc.apiVersion} ${doc.kind}`);
  const instance = new (Model as new (data: unknown) => { validate(): void })(doc);
  instance.validate();
}

interface Probe {
  httpGet?: { path: string; port: string | number };
  tcpSocket?: { port: string | number };
}
interface Container {
  name: string;
  ports?: { name?: string; containerPort: number }[];
  env?: { name: string; value?: string }[];
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  startupProbe?: Probe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
}
interface PodTemplate {
  metadata?: { labels?: Record<string, string> };
  spec: { containers: Container[]; automountServiceAccountToken?: boolean };
}
const template = (doc: Doc) => doc.spec.template as PodTemplate;
const containerOf = (doc: Doc) => {
  const [container] = template(doc).spec.containers;
  if (!container) throw new Error(`${doc.metadata.name} has no container`);
  return container;
};
/** A probe's port as a number: a named port is looked up among the container's ports. */
function probePort(container: Container, port: string | number): number | undefined {
  if (typeof port === 'number') return port;
  return container.ports?.find((p) => p.name === port)?.containerPort;
}
const envOf = (container: Container, name: string) => container.env?.find((e) => e.name === name)?.value;
const matches = (selector: Record<string, string>, labels: Record<string, string> = {}) =>
  Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels[k] === v);

// ---- NetworkPolicy evaluation (the parts mcptest's policy uses: ipBlock peers, ports, protocols) ---------------------

interface IpBlock {
  cidr: string;
  except?: string[];
}
interface Peer {
  ipBlock?: IpBlock;
  podSelector?: unknown;
  namespaceSelector?: unknown;
}
interface EgressRule {
  to?: Peer[];
  ports?: { protocol?: string; port?: number | string; endPort?: number }[];
}

const parsedCidrs = new Map<string, [ipaddr.IPv4 | ipaddr.IPv6, number]>();
function inCidr(address: ipaddr.IPv4 | ipaddr.IPv6, cidr: string): boolean {
  let parsed = parsedCidrs.get(cidr);
  if (!parsed) parsedCidrs.set(cidr, (parsed = ipaddr.parseCIDR(cidr)));
  const [net, bits] = parsed;
  return net.kind() === address.kind() && address.match(net, bits);
}

/**
 * Whether an egress rule's destinations include `ip`, whatever its ports. A rule without `to` allows every
 * destination; a peer with a pod or namespace selector matches those pods only, never an arbitrary address, so only
 * ipBlocks count here.
 */
function ruleReaches(rule: EgressRule, ip: string): boolean {
  if (!rule.to?.length) return true;
  const address = ipaddr.parse(ip);
  return rule.to.some(
    (peer) =>
      peer.ipBlock !== undefined &&
      inCidr(address, peer.ipBlock.cidr) &&
      !(peer.ipBlock.except ?? []).some((cidr) => inCidr(address, cidr)),
  );
}

function portAllowed(rule: EgressRule, port: number, protocol: string): boolean {
  return (
    !rule.ports?.length ||
    rule.ports.some(
      (p) =>
        (p.protocol ?? 'TCP') === protocol &&
        (p.port === undefined ||
          p.port === port ||
          (p.endPort !== undefined && port >= Number(p.port) && port <= p.endPort)),
    )
  );
}

type PolicySpec = { egress?: EgressRule[]; policyTypes?: string[] };

function egressAllows(spec: PolicySpec, ip: string, port: number, protocol = 'TCP'): boolean {
  if (!spec.policyTypes?.includes('Egress')) return true;
  return (spec.egress ?? []).some((rule) => portAllowed(rule, port, protocol) && ruleReaches(rule, ip));
}

/** The addresses of `addresses` that some egress rule reaches, on any port and protocol. */
function reachable(spec: PolicySpec, addresses: readonly string[]): string[] {
  if (!spec.policyTypes?.includes('Egress')) return [...addresses];
  return addresses.filter((ip) => (spec.egress ?? []).some((rule) => ruleReaches(rule, ip)));
}

/**
 * Addresses the SSRF-safe fetch refuses (checkAddress with no allowlist), one or more from every range: metadata
 * endpoints, private, shared (CGNAT), loopback, link-local, unspecified, broadcast, multicast, reserved, documentation,
 * benchmarking, and IPv6 forms that reach IPv4 hosts (mapped, NAT64, 6to4, Teredo, IPv4-compatible) or local ones.
 */
const REFUSED = [
  '169.254.169.254',
  '169.254.170.2',
  '169.254.170.23',
  '100.100.100.200',
  '168.63.129.16',
  '192.0.0.192',
  '0.0.0.0',
  '10.0.0.1',
  '10.96.0.1',
  '10.255.255.255',
  '100.64.0.1',
  '100.127.255.254',
  '127.0.0.1',
  '172.16.0.1',
  '172.31.255.255',
  '192.168.0.1',
  '192.168.255.255',
  '198.18.0.1',
  '192.0.2.1',
  '224.0.0.1',
  '239.255.255.250',
  '255.255.255.255',
  '::',
  '::1',
  'fd00:ec2::254',
  'fd20:ce::254',
  'fc00::1',
  'fe80::1',
  'ff02::1',
  '::ffff:169.254.169.254',
  '::ffff:10.0.0.1',
  '64:ff9b::a9fe:a9fe',
  '64:ff9b::a00:1',
  '2002:a9fe:a9fe::1',
  '2001:0:a9fe:a9fe::1',
  '::a9fe:a9fe',
];
const PUBLIC = ['1.1.1.1', '8.8.8.8', '93.184.216.34', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e'];

describe('infra/k8s manifests', () => {
  it('every document validates against its Kubernetes or KEDA schema', () => {
    expect(manifests.map((d) => `${d.kind}/${d.metadata.name}`).sort()).toEqual([
      'Deployment/mcptest-web',
      'Deployment/mcptest-worker',
      'Job/mcptest-migrate',
      'NetworkPolicy/mcptest-worker',
      'PodDisruptionBudget/mcptest-web',
      'PodDisruptionBudget/mcptest-worker',
      'ScaledObject/mcptest-worker',
      'Service/mcptest-web',
    ]);
    for (const doc of manifests) {
      const { file, ...object } = doc;
      expect(() => validate(object), `${file}: ${doc.kind} ${doc.metadata.name}`).not.toThrow();
    }
  });

  it('the validators refuse what does not conform (the check above can fail)', () => {
    const { file: _web, ...web } = find('Deployment', 'mcptest-web');
    const badPort = structuredClone(web);
    (badPort.spec.template as PodTemplate).spec.containers[0]!.ports![0]!.containerPort = 'http' as unknown as number;
    expect(() => validate(badPort)).toThrow(/containerPort/);
    const { file: _so, ...scaled } = find('ScaledObject', 'mcptest-worker');
    const noTriggers = structuredClone(scaled);
    delete noTriggers.spec.triggers;
    expect(() => validate(noTriggers)).toThrow(/triggers/);
    expect(() => validate({ ...web, apiVersion: 'apps/v9' })).toThrow(/no schema/);
  });

  it('the kustomization names every manifest but the migrate Job (applied and awaited first)', () => {
    const kustomization = docs.find((d) => d.kind === 'Kustomization') as unknown as { resources: string[] };
    const files = [...new Set(manifests.map((d) => d.file))].filter((f) => f !== 'migrate-job.yaml').sort();
    expect([...kustomization.resources].sort()).toEqual(files);
  });

  it('every container sets CPU and memory requests and a memory limit at or above its request', () => {
    const bytes = (q: string) => {
      const m = /^(\d+)(Mi|Gi)$/.exec(q);
      if (!m) throw new Error(`memory quantity ${q} (write it in Mi or Gi)`);
      return Number(m[1]) * (m[2] === 'Gi' ? 1024 : 1);
    };
    for (const doc of manifests.filter((d) => d.kind === 'Deployment' || d.kind === 'Job')) {
      for (const container of template(doc).spec.containers) {
        const where = `${doc.metadata.name}/${container.name}`;
        expect(container.resources?.requests?.cpu, where).toBeDefined();
        expect(container.resources?.requests?.memory, where).toBeDefined();
        expect(container.resources?.limits?.memory, where).toBeDefined();
        expect(bytes(container.resources!.limits!.memory!), where).toBeGreaterThanOrEqual(
          bytes(container.resources!.requests!.memory!),
        );
      }
    }
  });

  it("the web probes name the app's health route on the port it listens on", () => {
    const web = containerOf(find('Deployment', 'mcptest-web'));
    const port = envOf(web, 'PORT');
    for (const probe of [web.readinessProbe, web.livenessProbe, web.startupProbe]) {
      expect(probe).toBeDefined();
      const target = probe!.httpGet ?? probe!.tcpSocket;
      expect(String(probePort(web, target!.port))).toBe(port);
      if (probe!.httpGet) {
        // An App Router route handler: apps/web/src/app/<path>/route.ts exporting GET.
        const route = path.resolve('apps/web/src/app', `.${probe!.httpGet.path}`, 'route.ts');
        expect(existsSync(route), route).toBe(true);
        expect(readFileSync(route, 'utf8')).toMatch(/export (async )?function GET\b/);
      }
    }
    expect(web.readinessProbe!.httpGet?.path).toBe('/api/health');
  });

  it('the worker probes name paths its health server answers, on the port and host it listens on', async () => {
    const worker = containerOf(find('Deployment', 'mcptest-worker'));
    // The default host is 127.0.0.1, which the kubelet's probes cannot reach.
    expect(envOf(worker, 'WORKER_HEALTH_HOST')).toBe('0.0.0.0');
    const probes = [worker.readinessProbe, worker.livenessProbe];
    for (const probe of probes) {
      expect(probe?.httpGet).toBeDefined();
      expect(String(probePort(worker, probe!.httpGet!.port))).toBe(envOf(worker, 'WORKER_HEALTH_PORT'));
    }
    // The real health server, with healthy checks: each probe path answers 200 (an unknown path answers 404).
    const server = await startHealthServer({
      port: 0,
      registry: new Registry(),
      checks: [{ name: 'postgres', check: () => Promise.resolve({ ok: true, latencyMs: 1 }) }],
    });
    try {
      for (const probe of probes) expect((await fetch(`${server.url}${probe!.httpGet!.path}`)).status).toBe(200);
      expect((await fetch(`${server.url}/nope`)).status).toBe(404);
    } finally {
      await server.close();
    }
    // Readiness is the check that fails while a dependency is away or the worker drains; liveness is not.
    expect(worker.readinessProbe!.httpGet!.path).toBe('/healthz');
    expect(worker.livenessProbe!.httpGet!.path).toBe('/metrics');
  });

  it('selectors meet their pods: PDBs, the Service, the autoscaler and the NetworkPolicy', () => {
    const web = find('Deployment', 'mcptest-web');
    const worker = find('Deployment', 'mcptest-worker');
    const labels = (d: Doc) => template(d).metadata?.labels;
    for (const d of [web, worker]) {
      expect(matches((d.spec.selector as { matchLabels: Record<string, string> }).matchLabels, labels(d))).toBe(true);
    }
    const pdbSelector = (name: string) =>
      (find('PodDisruptionBudget', name).spec.selector as { matchLabels: Record<string, string> }).matchLabels;
    expect(matches(pdbSelector('mcptest-web'), labels(web))).toBe(true);
    expect(matches(pdbSelector('mcptest-worker'), labels(worker))).toBe(true);
    expect(matches(pdbSelector('mcptest-web'), labels(worker))).toBe(false);
    expect(matches(find('Service', 'mcptest-web').spec.selector as Record<string, string>, labels(web))).toBe(true);
    const targetRef = find('ScaledObject', 'mcptest-worker').spec.scaleTargetRef as { name: string; kind?: string };
    expect(targetRef.name).toBe(worker.metadata.name);
    expect(targetRef.kind ?? 'Deployment').toBe('Deployment');
    const netpol = find('NetworkPolicy', 'mcptest-worker').spec.podSelector as { matchLabels: Record<string, string> };
    expect(matches(netpol.matchLabels, labels(worker))).toBe(true);
    expect(matches(netpol.matchLabels, labels(web))).toBe(false);
    // No API credentials in the pods that fetch tenants' URLs.
    expect(template(worker).spec.automountServiceAccountToken).toBe(false);
  });

  it('the autoscaler reads the gauge the workers export, per worker slot', () => {
    const spec = find('ScaledObject', 'mcptest-worker').spec as {
      minReplicaCount: number;
      triggers: { type: string; metadata: { query: string; threshold: string } }[];
    };
    const metrics = readFileSync('workers/runner/src/observability/metrics.ts', 'utf8');
    const [trigger] = spec.triggers;
    expect(trigger?.type).toBe('prometheus');
    const metric = /(mcptest_[a-z_]+)\{/.exec(trigger!.metadata.query)?.[1];
    expect(metric).toBe('mcptest_queue_depth');
    expect(metrics).toContain(`name: '${metric}'`);
    const concurrency = envOf(containerOf(find('Deployment', 'mcptest-worker')), 'WORKER_CONCURRENCY');
    expect(trigger!.metadata.threshold).toBe(concurrency);
    // At zero replicas nothing would export the gauge, and schedules, monitors and the reconciler would stop.
    expect(spec.minReplicaCount).toBeGreaterThanOrEqual(1);
  });

  describe('the workers NetworkPolicy', () => {
    const spec = find('NetworkPolicy', 'mcptest-worker').spec as {
      policyTypes: string[];
      egress: EgressRule[];
      ingress: { ports?: { port: number }[]; from?: unknown[] }[];
    };

    it('every sample of a refused range is refused by the SSRF check and by the policy', () => {
      for (const ip of REFUSED) expect(checkAddress(ip, []).ok, ip).toBe(false);
      expect(reachable(spec, REFUSED)).toEqual([]);
    });

    it('the metadata addresses are refused on every port and protocol', () => {
      expect(reachable(spec, ['169.254.169.254', '::ffff:169.254.169.254', 'fd00:ec2::254'])).toEqual([]);
    });

    it('public addresses are reachable on any port', () => {
      for (const ip of PUBLIC) {
        expect(checkAddress(ip, []).ok, ip).toBe(true);
        expect(egressAllows(spec, ip, 443), ip).toBe(true);
        expect(egressAllows(spec, ip, 8123), ip).toBe(true);
      }
    });

    it('no address the policy admits is one the SSRF check refuses (random IPv4 and IPv6)', () => {
      const v4 = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)).map((p) => p.join('.'));
      const v6 = fc
        .array(fc.nat(0xffff), { minLength: 8, maxLength: 8 })
        .map((p) => p.map((n) => n.toString(16)).join(':'));
      fc.assert(
        fc.property(fc.oneof(v4, v6), (ip) => !egressAllows(spec, ip, 443) || checkAddress(ip, []).ok),
        { numRuns: 5000 },
      );
    });

    it('a policy that lets the metadata address through is caught', () => {
      const widened = structuredClone(spec);
      const ipv4 = widened.egress.flatMap((r) => r.to ?? []).find((p) => p.ipBlock?.cidr === '0.0.0.0/0')!;
      ipv4.ipBlock!.except = ipv4.ipBlock!.except!.filter((cidr) => cidr !== '169.254.0.0/16');
      expect(reachable(widened, REFUSED)).toContain('169.254.169.254');
      const openRule = structuredClone(spec);
      openRule.egress.push({ ports: [{ protocol: 'TCP', port: 80 }] });
      expect(reachable(openRule, ['169.254.169.254'])).toEqual(['169.254.169.254']);
    });

    it('DNS goes to kube-dns only; Postgres and Redis only on their ports; ingress only to the metrics port', () => {
      expect(spec.policyTypes.sort()).toEqual(['Egress', 'Ingress']);
      const dns = spec.egress.find((r) => r.ports?.some((p) => p.port === 53));
      expect(dns?.ports?.map((p) => `${p.protocol}/${p.port}`).sort()).toEqual(['TCP/53', 'UDP/53']);
      expect(dns?.to?.every((peer) => peer.ipBlock === undefined && peer.podSelector !== undefined)).toBe(true);
      for (const rule of spec.egress.filter((r) => r.to?.some((peer) => peer.ipBlock === undefined))) {
        // Selector rules reach cluster pods: each must be bound to ports.
        expect(rule.ports?.length, JSON.stringify(rule)).toBeGreaterThan(0);
      }
      const selectorPorts = spec.egress
        .filter((r) => r.to?.every((peer) => peer.ipBlock === undefined))
        .flatMap((r) => r.ports?.map((p) => p.port) ?? []);
      expect(selectorPorts.sort()).toEqual([53, 53, 5432, 6379]);
      expect(spec.ingress.flatMap((r) => r.ports?.map((p) => p.port) ?? [])).toEqual([9464]);
      expect(spec.ingress.every((r) => r.ports?.length)).toBe(true);
    });
  });
});
