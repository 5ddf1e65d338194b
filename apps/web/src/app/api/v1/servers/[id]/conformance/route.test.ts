// GET and POST /api/v1/servers/{id}/conformance as Next calls them: real Postgres and Redis, real tokens. Reports are
// seeded rows built from core's verdicts (the worker's part is tested with it); runs are queued, not executed.
import { createTenant, generateApiToken } from '@mcptest/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../../../../../../test/db';
import { useTestRedis } from '../../../../../../../../../test/redis';
import { useRouteEnv } from '../../../../../../../../../test/route-env';
import { seedSuite, type SeededSuite } from '../../../../../../../../../test/worker';
import { goodObservations, seedConformanceReport } from '@/server/services/conformance/conformance-test-helpers';
import { conformanceSuiteYaml } from '@/server/services/conformance/run-conformance';
import type * as ConformanceRoute from './route';

const testDb = useTestDatabase();
const testRedis = useTestRedis();
useRouteEnv(testDb, testRedis);

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, unknown> & { error?: { code: string; message: string } };
}

let route: typeof ConformanceRoute;

async function call(
  handler: Handler,
  token: string,
  serverId: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const request = new Request(`http://localhost/api/v1/servers/${serverId}/conformance`, {
    method: options.body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const response = await handler(request, { params: Promise.resolve({ id: serverId }) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : {} };
}

async function makeToken(tenantId: string, scopes: ('READ' | 'RUN' | 'WRITE' | 'ADMIN')[], projectId?: string) {
  const { token, tokenHash, prefix } = generateApiToken();
  await testDb.db
    .tenant(tenantId)
    .apiToken.create({ data: { tenantId, name: 'test', tokenHash, prefix, scopes, projectId: projectId ?? null } });
  return token;
}

let seeded: SeededSuite;
let admin: string;

beforeAll(async () => {
  route = await import('./route');
  const tenant = await createTenant(testDb.db, { name: 'Conformance A', ownerEmail: 'conf-a@example.test' });
  admin = tenant.token;
  seeded = await seedSuite(testDb.db, {
    tenantId: tenant.tenant.id,
    serverUrl: 'http://127.0.0.1:9/mcp',
    yaml: conformanceSuiteYaml('2026-07-28'),
  });
  await testDb.db
    .tenant(seeded.tenantId)
    .suite.update({ where: { id: seeded.suiteId }, data: { name: 'Conformance 2026-07-28' } });
});

describe('GET /servers/{id}/conformance', () => {
  it('answers the latest report per revision with its checks, spec links, evidence and badge', async () => {
    const empty = await call(route.GET, admin, seeded.serverId);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ serverId: seeded.serverId, revisions: ['2025-11-25', '2026-07-28'], items: [] });

    // Older and failing (no session), then newer and ok, for 2026-07-28; one for 2025-11-25.
    await seedConformanceReport(testDb.db, seeded, {
      revision: '2026-07-28',
      observations: { revision: '2026-07-28', connect: { ok: false, message: 'connection refused' } },
    });
    const latest = await seedConformanceReport(testDb.db, seeded, { revision: '2026-07-28' });
    const legacy = await seedConformanceReport(testDb.db, seeded, {
      revision: '2025-11-25',
      observations: { ...goodObservations('2025-11-25'), ping: { kind: 'rpc_error', code: -32601, message: 'no' } },
      expectedFailures: ['resources-list'],
    });

    const read = await makeToken(seeded.tenantId, ['READ']);
    const answer = await call(route.GET, read, seeded.serverId);
    expect(answer.status).toBe(200);
    const items = answer.body.items as {
      revision: string;
      runId: string;
      ok: boolean;
      headline: string;
      protocolVersion: string | null;
      counts: Record<string, number>;
      checks: { id: string; status: string; specUrl: string; message?: string; evidence?: unknown }[];
      staleExpectedFailures: string[];
      toolCalls: string[];
      badge: { svgUrl: string };
      runUrl: string;
    }[];
    expect(items.map((item) => [item.revision, item.runId])).toEqual([
      ['2025-11-25', legacy.runId],
      ['2026-07-28', latest.runId],
    ]);
    const modern = items[1]!;
    expect(modern.ok).toBe(true);
    expect(modern.protocolVersion).toBe('2026-07-28');
    const judged = modern.counts.total! - modern.counts.skipped!;
    expect(modern.headline).toBe(`MCP 2026-07-28 · ${modern.counts.passed}/${judged}`);
    expect(modern.counts.warnings).toBeGreaterThan(0);
    expect(modern.checks.find((check) => check.id === 'tools-name-format')).toMatchObject({
      status: 'WARN',
      specUrl: expect.stringMatching(/^https:\/\/modelcontextprotocol\.io\/specification\//),
    });
    expect(modern.toolCalls).toEqual(['echo']);
    const suite = await testDb.db.tenant(seeded.tenantId).suite.findFirstOrThrow({ where: { id: seeded.suiteId } });
    expect(modern.badge.svgUrl).toMatch(new RegExp(`/api/badges/c/${suite.badgeKey}\\.svg$`));
    expect(modern.runUrl).toMatch(new RegExp(`/runs/${latest.runId}$`));

    const old = items[0]!;
    expect(old.ok).toBe(false);
    expect(old.checks.find((check) => check.id === 'ping')?.status).toBe('FAIL');
    // resources-list passed, so its expected_failures entry is stale.
    expect(old.staleExpectedFailures).toEqual(['resources-list']);
  });

  it('is 404 for another tenant, a token of another project and an unknown server; 401 without a token', async () => {
    const other = await createTenant(testDb.db, { name: 'Conformance B', ownerEmail: 'conf-b@example.test' });
    expect((await call(route.GET, other.token, seeded.serverId)).status).toBe(404);
    const elsewhere = await testDb.db
      .tenant(seeded.tenantId)
      .project.create({ data: { tenantId: seeded.tenantId, name: 'Elsewhere', slug: 'elsewhere' } });
    const restricted = await makeToken(seeded.tenantId, ['ADMIN'], elsewhere.id);
    expect((await call(route.GET, restricted, seeded.serverId)).status).toBe(404);
    expect((await call(route.GET, admin, 'no-such-server')).body.error?.code).toBe('not_found');
    expect((await call(route.GET, 'mcpt_not-a-token', seeded.serverId)).status).toBe(401);
  });
});

describe('POST /servers/{id}/conformance', () => {
  it("creates the revision's conformance suite once, then triggers runs of it like any run", async () => {
    const first = await call(route.POST, admin, seeded.serverId, { body: { revision: '2025-11-25' } });
    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({ status: 'queued', suiteCreated: true, url: expect.stringContaining('/runs/') });
    expect(first.headers.get('location')).toBe(`/api/v1/runs/${String(first.body.id)}`);
    const suiteId = first.body.suiteId as string;
    const suite = await testDb.db.tenant(seeded.tenantId).suite.findFirstOrThrow({ where: { id: suiteId } });
    expect(suite).toMatchObject({ name: 'Conformance 2025-11-25', serverId: seeded.serverId, version: 1 });
    expect(suite.yaml).toContain("conformance:\n  revision: '2025-11-25'");
    const run = await testDb.db
      .tenant(seeded.tenantId)
      .run.findFirstOrThrow({ where: { id: first.body.id as string } });
    expect(run).toMatchObject({ suiteId, status: 'QUEUED', trigger: 'API' });

    // Found again by name and server: no second suite.
    const second = await call(route.POST, admin, seeded.serverId, { body: { revision: '2025-11-25' } });
    expect(second.body).toMatchObject({ suiteId, suiteCreated: false });
    expect(second.body.id).not.toBe(first.body.id);
    expect(await testDb.db.tenant(seeded.tenantId).suite.count({ where: { name: 'Conformance 2025-11-25' } })).toBe(1);

    // The existing suite of 2026-07-28 (seeded above) is the one run, and a key gives the same run twice.
    const keyed = () =>
      call(route.POST, admin, seeded.serverId, {
        body: { revision: '2026-07-28' },
        headers: { 'idempotency-key': 'conformance-1' },
      });
    const a = await keyed();
    const b = await keyed();
    expect(a.body).toMatchObject({ suiteId: seeded.suiteId, suiteCreated: false });
    expect(b.body.id).toBe(a.body.id);
  });

  it('needs the run scope, and write to create the suite; refuses an unknown revision', async () => {
    const read = await makeToken(seeded.tenantId, ['READ']);
    const run = await makeToken(seeded.tenantId, ['RUN']);
    expect((await call(route.POST, read, seeded.serverId, { body: {} })).body.error?.code).toBe('forbidden');

    const fresh = await seedSuite(testDb.db, {
      tenantId: seeded.tenantId,
      serverUrl: 'http://127.0.0.1:9/other',
      yaml: conformanceSuiteYaml('2025-11-25'),
    });
    const refused = await call(route.POST, run, fresh.serverId, { body: { revision: '2026-07-28' } });
    expect(refused.status).toBe(403);
    expect(refused.body.error?.message).toMatch(/creating it needs the write scope/);
    expect(await testDb.db.tenant(seeded.tenantId).suite.count({ where: { serverId: fresh.serverId } })).toBe(1);

    const write = await makeToken(seeded.tenantId, ['WRITE']);
    const created = await call(route.POST, write, fresh.serverId, { body: {} });
    expect(created.status).toBe(202);
    // The default revision is the current one.
    expect(created.body).toMatchObject({ suiteCreated: true });
    const made = await testDb.db
      .tenant(seeded.tenantId)
      .suite.findFirstOrThrow({ where: { id: created.body.suiteId as string } });
    expect(made.name).toBe('Conformance 2026-07-28');
    const again = await call(route.POST, run, fresh.serverId, { body: { revision: '2026-07-28' } });
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ suiteId: made.id, suiteCreated: false });

    const bad = await call(route.POST, admin, seeded.serverId, { body: { revision: '2024-01-01' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.code).toBe('validation_failed');
    const other = await createTenant(testDb.db, { name: 'Conformance C', ownerEmail: 'conf-c@example.test' });
    expect((await call(route.POST, other.token, seeded.serverId, { body: {} })).status).toBe(404);
  });

  it('refuses a disabled conformance suite as any run', async () => {
    const suiteId = (await call(route.POST, admin, seeded.serverId, { body: { revision: '2025-11-25' } })).body
      .suiteId as string;
    await testDb.db.tenant(seeded.tenantId).suite.update({ where: { id: suiteId }, data: { enabled: false } });
    const refused = await call(route.POST, admin, seeded.serverId, { body: { revision: '2025-11-25' } });
    expect(refused.status).toBe(409);
    expect(refused.body.error?.code).toBe('conflict');
  });
});
