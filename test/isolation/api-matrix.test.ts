// The tenant isolation matrix of the REST API. The endpoints come from the endpoint registry (defineEndpoint) and are
// checked against the route files on disk, so a new endpoint or route file without a case here fails the inventory
// tests by name. Each endpoint is called in process, as Next calls it, with real tokens over real Postgres and Redis.
//
// The rule: a resource of another tenant (or, for a project-restricted token, of another project) must look unknown.
// The answer to another tenant's id is the answer to an id that names nothing at all: 404 once the token's scope
// suffices, and the scope's 403 before that (a 403 that does not depend on the id tells nothing). Nothing of the
// other tenant appears in any answer, and its data is left exactly as it was.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { EndpointSpec } from '../../apps/web/src/server/api/endpoint';
import type { ServiceDeps } from '../../apps/web/src/server/services/service-deps';
import { useTestDatabase } from '../db';
import { useTestRedis } from '../redis';
import { useRouteEnv } from '../route-env';
import { useWorkerMock } from '../worker';
import { listRouteFiles, toOpenApiPath } from './inventory';
import {
  diffSnapshots,
  idsOf,
  makeToken,
  projectIdsOf,
  SCOPE_RANK,
  SCOPES,
  seedResources,
  seedTenant,
  snapshotTenant,
  SUITE_YAML,
  withGhostIds,
  type ResourceSet,
  type TenantFixture,
} from './tenant-fixture';

const testDb = useTestDatabase();
const testRedis = useTestRedis();
useRouteEnv(testDb, testRedis);
const mock = useWorkerMock();

// The registry as declared (its modules only hold schemas; the route modules are imported after the env is set).
const { declaredEndpoints } = await import('../../apps/web/src/server/api/endpoints/index');
const ENDPOINTS: readonly EndpointSpec[] = [...declaredEndpoints()].sort((a, b) =>
  `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`),
);
const ROUTE_FILES = listRouteFiles().filter((route) => route.file.startsWith('app/api/'));

/**
 * Route files under app/api that are not registry endpoints, each with why it is outside this matrix. The inventory
 * test fails on a route file that is in neither the registry nor this list, and on an entry here with no file.
 */
const NOT_TOKEN_ROUTES: Record<string, string> = {
  'app/api/auth/[...nextauth]/route.ts': 'Auth.js sign-in and session endpoints: no tenant data, no API token',
  'app/api/badges/p/[file]/route.ts':
    'public project badge addressed by an unguessable key (DESIGN.md badges); unknown keys: its route.test.ts',
  'app/api/badges/c/[file]/route.ts':
    "public conformance badge addressed by its suite's unguessable key (DESIGN.md badges); unknown keys: its route.test.ts",
  'app/api/badges/u/[file]/route.ts':
    "public uptime badge addressed by its monitor's unguessable key (docs/badges.md); unknown keys: the monitor route.test.ts",
  'app/api/badges/s/[file]/route.ts':
    'public suite badge addressed by an unguessable key (DESIGN.md badges); unknown keys: its route.test.ts',
  'app/api/health/route.ts': 'liveness of the app: no tenant data',
  'app/api/mcp/route.ts':
    "the MCP endpoint (JSON-RPC over one POST) authenticates API tokens itself; another tenant's suite, run and project are covered in app/api/mcp/route.test.ts",
  'app/api/v1/openapi.json/route.ts': 'the public description of the API',
  'app/api/v1/triggers/[token]/route.ts':
    "the inbound trigger URL: the secret token in the path is the credential (no Bearer token, no scope); an unknown token is a 404 like another suite's",
};

/** What each endpoint needs beyond its path: a valid body (checked against its zod schema), a query, a set-up. */
interface ApiCase {
  body?: (set: ResourceSet, serverUrl: string) => unknown;
  query?: (set: ResourceSet) => Record<string, string>;
  /** Run on the fresh resources before the call that must succeed. */
  prepare?: (deps: ServiceDeps, set: ResourceSet) => Promise<void>;
}

/** One entry per operationId of the registry; an endpoint without one fails the inventory test by name. */
const API_CASES: Record<string, ApiCase> = {
  getPolicy: {},
  updatePolicy: { body: () => ({ max_calls: 55 }) },
  createProject: { body: () => ({ name: 'matrix project' }) },
  listProjects: {},
  getProject: {},
  updateProject: { body: () => ({ name: 'renamed project' }) },
  deleteProject: {},
  getProjectBadge: {},
  createServer: { body: (_set, serverUrl) => ({ name: 'matrix server', url: serverUrl }) },
  listServers: {},
  createSuite: { body: (set) => ({ name: 'matrix suite', serverId: set.serverId, yaml: SUITE_YAML }) },
  listSuites: {},
  createWebhook: { body: () => ({ url: 'https://hooks.example.test/matrix', events: ['run.failed'] }) },
  listWebhooks: {},
  listRuns: { query: (set) => ({ projectId: set.projectId, suiteId: set.suiteId }) },
  getRun: {},
  cancelRun: {},
  streamRunEvents: {},
  getRunJunit: {},
  getRunMarkdown: {},
  getServer: {},
  updateServer: { body: () => ({ name: 'renamed server' }) },
  deleteServer: {
    // A server in use by a suite is a 409; the call that must succeed deletes one nothing uses.
    prepare: async (deps, set) => {
      await deps.db.tenant(set.tenantId).suite.deleteMany({ where: { id: set.suiteId } });
    },
  },
  discoverServer: {},
  getServerConformance: {},
  runConformance: {
    body: () => ({ revision: '2026-07-28' }),
    // The run scope runs an existing conformance suite (creating one needs write: its route.test.ts).
    prepare: async (deps, set) => {
      await deps.db.tenant(set.tenantId).suite.create({
        data: {
          tenantId: set.tenantId,
          projectId: set.projectId,
          serverId: set.serverId,
          name: 'Conformance 2026-07-28',
          yaml: "name: Conformance 2026-07-28\nconformance:\n  revision: '2026-07-28'\n",
          badgeKey: `matrix-conformance-${set.serverId}`,
        },
      });
    },
  },
  getServerAuthPosture: {},
  getServerCoverage: { query: (set) => ({ suiteId: set.suiteId }) },
  getProjectCoverage: {},
  runAuthPosture: {
    body: () => ({}),
    // The run scope runs an existing posture suite (creating one needs write: its route.test.ts).
    prepare: async (deps, set) => {
      await deps.db.tenant(set.tenantId).suite.create({
        data: {
          tenantId: set.tenantId,
          projectId: set.projectId,
          serverId: set.serverId,
          name: 'Auth posture',
          yaml: 'name: Auth posture\nauth_posture: {}\n',
          badgeKey: `matrix-auth-posture-${set.serverId}`,
        },
      });
    },
  },
  getServerMonitor: {},
  updateServerMonitor: { body: () => ({ enabled: true }) },
  getServerSurface: {},
  listSurfaceChanges: {},
  approveServerSurface: { body: (set) => ({ hash: set.surfaceHash }) },
  getSuite: {},
  updateSuite: { body: (set) => ({ name: 'renamed suite', serverId: set.serverId }) },
  deleteSuite: {},
  triggerRun: { body: () => ({ branch: 'matrix' }) },
  createTriggerUrl: { body: () => ({}) },
  listSuiteVersions: {},
  getSuiteVersion: {},
  getSuiteLatency: { query: () => ({ runs: '5' }) },
  createToken: { body: (set) => ({ name: 'matrix token', scopes: ['read'], projectId: set.projectId }) },
  listTokens: {},
  getToken: {},
  revokeToken: {},
  getWebhook: {},
  updateWebhook: { body: () => ({ events: ['run.regressed'] }) },
  deleteWebhook: {},
  listWebhookDeliveries: { query: () => ({ status: 'failed' }) },
  redeliverWebhookDelivery: {},
  sendWebhookTestEvent: {},
  rotateWebhookSecret: {},
};

/** Which fixture resource a path parameter names: `{id}` by the collection before it, others by their own name. */
const COLLECTION_RESOURCE: Record<string, keyof ResourceSet> = {
  projects: 'projectId',
  servers: 'serverId',
  suites: 'suiteId',
  runs: 'runId',
  webhooks: 'webhookId',
  tokens: 'tokenId',
};
const NAMED_RESOURCE: Record<string, keyof ResourceSet> = { deliveryId: 'deliveryId' };
/** Path parameters that are not a tenant's resource. */
const LITERAL_PARAMS: Record<string, string> = { version: '1' };

interface PathParam {
  name: string;
  resource?: keyof ResourceSet;
  literal?: string;
}

function pathParams(path: string): PathParam[] {
  const segments = path.split('/');
  return segments.flatMap((segment, index): PathParam[] => {
    const match = /^\{(\w+)\}$/.exec(segment);
    if (!match) return [];
    const name = match[1]!;
    const resource = name === 'id' ? COLLECTION_RESOURCE[segments[index - 1] ?? ''] : NAMED_RESOURCE[name];
    if (resource) return [{ name, resource }];
    const literal = LITERAL_PARAMS[name];
    if (literal !== undefined) return [{ name, literal }];
    throw new Error(`no fixture for the path parameter {${name}} of ${path}: map it in the isolation matrix`);
  });
}

interface ApiRequest {
  params: Record<string, string>;
  body?: unknown;
  query?: Record<string, string>;
}

interface Answer {
  status: number;
  text: string;
  code?: string | undefined;
  message?: string | undefined;
}

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

let deps: ServiceDeps;
let handlers: Map<string, Handler>;
let tenantA: TenantFixture;
let tenantB: TenantFixture;
/** A's admin token restricted to A's other (empty) project. */
let restrictedA: string;

const keyOf = (method: string, path: string) => `${method} ${path}`;

/** The request of `endpoint` whose path parameters name `pathSet`'s resources and whose body and query `refSet`'s. */
function requestFor(endpoint: EndpointSpec, pathSet: ResourceSet, refSet: ResourceSet = pathSet): ApiRequest {
  const c = API_CASES[endpoint.operationId]!;
  const params = Object.fromEntries(
    pathParams(endpoint.path).map((p) => [p.name, p.literal ?? String(pathSet[p.resource!])]),
  );
  return {
    params,
    ...(c.body ? { body: c.body(refSet, mock.url) } : {}),
    ...(c.query ? { query: c.query(refSet) } : {}),
  };
}

async function call(endpoint: EndpointSpec, token: string, request: ApiRequest): Promise<Answer> {
  const handler = handlers.get(keyOf(endpoint.method, endpoint.path));
  if (!handler) throw new Error(`no route handler for ${endpoint.method} ${endpoint.path}`);
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(request.params[name]!));
  const query = request.query ? `?${new URLSearchParams(request.query).toString()}` : '';
  const response = await handler(
    new Request(`http://localhost/api/v1${path}${query}`, {
      method: endpoint.method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    }),
    { params: Promise.resolve(request.params) },
  );
  // An event stream stays open while the run may still change: its status is the answer.
  if ((response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    await response.body?.cancel();
    return { status: response.status, text: '' };
  }
  const text = await response.text();
  let error: { code?: string; message?: string } | undefined;
  if (response.status >= 400) {
    error = (JSON.parse(text) as { error?: { code?: string; message?: string } }).error;
  }
  return { status: response.status, text, code: error?.code, message: error?.message };
}

/** Status, code and message: what a caller can tell two answers apart by. */
const outcome = (a: Answer) => (a.status >= 400 ? `${a.status} ${a.code}: ${a.message}` : String(a.status));

/** The other tenant's ids and marker that appear in the answer although the request did not carry them. */
function leaked(answer: Answer, secrets: readonly string[], request: ApiRequest): string[] {
  const sent = JSON.stringify(request);
  return secrets.filter((secret) => !sent.includes(secret) && answer.text.includes(secret));
}

const resolveRoute = (endpoint: EndpointSpec) =>
  ROUTE_FILES.find((route) => route.urlPath.startsWith('/api/v1/') && toOpenApiPath(route.urlPath) === endpoint.path);

beforeAll(async () => {
  vi.stubEnv('MCPTEST_ALLOW_PRIVATE_NETWORKS', '127.0.0.0/8,::1/128');
  // The matrix makes hundreds of requests a minute with a handful of tokens; the limits are tested elsewhere.
  vi.stubEnv('API_RATE_LIMIT_PER_TOKEN', '100000');
  vi.stubEnv('API_RATE_LIMIT_PER_TENANT', '100000');
  vi.stubEnv('API_TRIGGERS_PER_TENANT_PER_MINUTE', '100000');
  const { getServiceDeps } = await import('../../apps/web/src/server/services/get-service-deps');
  deps = getServiceDeps();
  handlers = new Map();
  for (const endpoint of ENDPOINTS) {
    const route = resolveRoute(endpoint);
    if (!route) continue; // the inventory test names it
    const module = (await import(/* @vite-ignore */ route.absolute)) as Record<string, Handler | undefined>;
    const handler = module[endpoint.method];
    if (handler) handlers.set(keyOf(endpoint.method, endpoint.path), handler);
  }
  [tenantA, tenantB] = await Promise.all([
    seedTenant(deps, { name: 'Matrix A', marker: 'tenant-a-secret', serverUrl: mock.url }),
    seedTenant(deps, { name: 'Matrix B', marker: 'tenant-b-secret', serverUrl: mock.url }),
  ]);
  restrictedA = await makeToken(testDb.db, tenantA.tenantId, ['admin'], tenantA.otherProjectId);
});

describe('API inventory', () => {
  it('has a route file for every registry endpoint, and every route file under app/api is an endpoint or explained', () => {
    const declared = new Set(ENDPOINTS.map((e) => keyOf(e.method, e.path)));
    const served = new Set<string>();
    const unexplained: string[] = [];
    for (const route of ROUTE_FILES) {
      if (route.file in NOT_TOKEN_ROUTES) continue;
      for (const method of route.methods) {
        const key = keyOf(method, toOpenApiPath(route.urlPath));
        served.add(key);
        if (!route.urlPath.startsWith('/api/v1/') || !declared.has(key)) unexplained.push(`${method} ${route.file}`);
      }
    }
    expect(unexplained, 'route handlers that are neither registry endpoints nor in NOT_TOKEN_ROUTES').toEqual([]);
    expect(
      [...declared].filter((key) => !served.has(key)),
      'registry endpoints without a route handler',
    ).toEqual([]);
    expect(
      Object.keys(NOT_TOKEN_ROUTES).filter((file) => !ROUTE_FILES.some((route) => route.file === file)),
      'NOT_TOKEN_ROUTES entries whose file is gone',
    ).toEqual([]);
  });

  it('has a case for every endpoint and none for an endpoint that is gone; every body is valid for its schema', () => {
    const operations = new Set<string>(ENDPOINTS.map((e) => e.operationId));
    expect(
      ENDPOINTS.filter((e) => !API_CASES[e.operationId]).map((e) => `${e.operationId} (${e.method} ${e.path})`),
      'endpoints without an isolation case: add them to API_CASES',
    ).toEqual([]);
    expect(Object.keys(API_CASES).filter((id) => !operations.has(id))).toEqual([]);
    const sample = { ...tenantA };
    for (const endpoint of ENDPOINTS) {
      const c = API_CASES[endpoint.operationId]!;
      expect(Boolean(c.body), `${endpoint.operationId}: a body case exactly when the endpoint has a body`).toBe(
        Boolean(endpoint.body),
      );
      if (endpoint.body && c.body) {
        const parsed = endpoint.body.safeParse(c.body(sample, mock.url));
        expect(parsed.error?.issues ?? [], `${endpoint.operationId} body`).toEqual([]);
      }
      if (c.query) {
        expect(endpoint.query?.safeParse(c.query(sample)).success, `${endpoint.operationId} query`).toBe(true);
      }
      // Throws naming the parameter when a path has one the matrix cannot fill.
      pathParams(endpoint.path);
    }
  });
});

describe.each(ENDPOINTS.map((endpoint) => ({ endpoint, name: `${endpoint.method} ${endpoint.path}` })))(
  '$name',
  ({ endpoint }) => {
    const required = endpoint.scope;
    const params = () => pathParams(endpoint.path).filter((p) => p.resource);

    it(`B's tokens of every scope, A's tokens below ${required} and of A's other project: nothing found, nothing changed`, async () => {
      const before = await snapshotTenant(testDb.db, tenantA.tenantId);
      const secretsOfA = [...idsOf(tenantA), tenantA.marker];
      const tenantParams = params();
      const refsDiffer =
        JSON.stringify(requestFor(endpoint, tenantB, tenantA)) !== JSON.stringify(requestFor(endpoint, tenantB));
      // A's ids in the path; with two, each of A's alone beside B's own; B's own path with A's ids in body or query.
      const variants: { label: string; request: ApiRequest; aInPath: boolean }[] = [
        { label: "A's path", request: requestFor(endpoint, tenantA), aInPath: tenantParams.length > 0 },
      ];
      if (tenantParams.length > 1) {
        for (const p of tenantParams) {
          const mixed = requestFor(endpoint, tenantB);
          mixed.params[p.name] = String(tenantA[p.resource!]);
          variants.push({ label: `A's {${p.name}} with B's other ids`, request: mixed, aInPath: true });
        }
      }
      if (tenantParams.length > 0 && refsDiffer) {
        variants.push({
          label: "B's path, A's ids in body/query",
          request: requestFor(endpoint, tenantB, tenantA),
          aInPath: false,
        });
      }

      /** One request; with `ghost`, the same request with the protected ids replaced by ids that name nothing. */
      interface Probe {
        what: string;
        token: string;
        request: ApiRequest;
        ghost?: ApiRequest;
        /** 403 from the scope check; 404; or any answer but a server error (a list of one's own things). */
        expected: 'forbidden' | 'not_found' | 'answered';
        /** Ids and names that must not be in the answer. */
        secrets: string[];
      }
      const probes: Probe[] = [];
      for (const scope of SCOPES) {
        for (const { label, request, aInPath } of variants) {
          probes.push({
            what: `B's ${scope} token, ${label}`,
            token: tenantB.tokens[scope],
            request,
            ghost: withGhostIds(request, idsOf(tenantA)),
            expected: SCOPE_RANK[scope] < SCOPE_RANK[required] ? 'forbidden' : aInPath ? 'not_found' : 'answered',
            secrets: secretsOfA,
          });
        }
        // B's own request on a collection: only B's things come back.
        if (tenantParams.length === 0) {
          const own = requestFor(endpoint, tenantB);
          probes.push({
            what: `B's ${scope} token on its own collection`,
            token: tenantB.tokens[scope],
            request: own,
            expected: SCOPE_RANK[scope] < SCOPE_RANK[required] ? 'forbidden' : 'answered',
            secrets: secretsOfA,
          });
        }
      }
      const requestA = requestFor(endpoint, tenantA);
      for (const scope of ['none', ...SCOPES] as const) {
        if (scope !== 'none' && SCOPE_RANK[scope] >= SCOPE_RANK[required]) continue;
        probes.push({
          what: `A's ${scope} token`,
          token: tenantA.tokens[scope],
          request: requestA,
          expected: 'forbidden',
          secrets: [],
        });
      }
      // Admin scope, restricted to A's empty project: A's main project must look unknown to it.
      const inProject = projectIdsOf(tenantA);
      probes.push({
        what: "A's admin token restricted to another project",
        token: restrictedA,
        request: requestA,
        ghost: withGhostIds(requestA, inProject),
        expected: tenantParams.length > 0 ? 'not_found' : 'answered',
        secrets: [...inProject, tenantA.marker],
      });

      // Independent requests, sent together to keep the matrix fast (each with its ghost after it), checked in order.
      const answers = await Promise.all(
        probes.map(async (probe) => {
          const answer = await call(endpoint, probe.token, probe.request);
          const ghost = probe.ghost ? await call(endpoint, probe.token, probe.ghost) : undefined;
          return { answer, ghost };
        }),
      );
      probes.forEach((probe, index) => {
        const { answer, ghost } = answers[index]!;
        if (ghost) {
          expect(outcome(answer), `${probe.what}: the same answer as for ids that name nothing`).toBe(outcome(ghost));
        }
        if (probe.expected === 'forbidden') {
          expect(outcome(answer), probe.what).toMatch(/^403 forbidden: this needs a token with the/);
        } else if (probe.expected === 'not_found') {
          expect(outcome(answer), probe.what).toMatch(/^404 not_found/);
        } else {
          expect(answer.status, `${probe.what}: ${outcome(answer)}`).toBeLessThan(500);
        }
        expect(leaked(answer, probe.secrets, probe.request), `${probe.what}: ids or names in the answer`).toEqual([]);
      });
      expect(diffSnapshots(before, await snapshotTenant(testDb.db, tenantA.tenantId))).toEqual([]);
    });

    it(`A's ${required} token succeeds (the checks above can fail)`, async () => {
      // A GET changes nothing the other cases use, so it reads the shared resources; anything else gets its own.
      const fresh =
        endpoint.method === 'GET'
          ? tenantA
          : await seedResources(deps, tenantA.tenantId, { marker: tenantA.marker, serverUrl: mock.url });
      await API_CASES[endpoint.operationId]!.prepare?.(deps, fresh);
      const answer = await call(endpoint, tenantA.tokens[required], requestFor(endpoint, fresh));
      const declared = Object.keys(endpoint.responses)
        .map(Number)
        .filter((status) => status < 300);
      expect(declared, `${outcome(answer)} ${answer.text.slice(0, 300)}`).toContain(answer.status);
    });
  },
);
