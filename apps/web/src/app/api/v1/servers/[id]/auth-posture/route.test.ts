// GET and POST /api/v1/servers/{id}/auth-posture as Next calls them: real Postgres and Redis, real tokens. Findings
// are seeded result rows built from core's verdicts (the runner is tested in packages/mcp); runs are queued, not
// executed.
import { AUTH_POSTURE_FINDING_IDS } from '@mcptest/core';
import { createTenant, generateApiToken, seedRun } from '@mcptest/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../../../../../../test/db';
import { useTestRedis } from '../../../../../../../../../test/redis';
import { useRouteEnv } from '../../../../../../../../../test/route-env';
import { seedSuite, type SeededSuite } from '../../../../../../../../../test/worker';
import { postureObservations, seedAuthPostureRun } from '@/server/services/auth-posture/auth-posture-test-helpers';
import { authPostureSuiteYaml } from '@/server/services/auth-posture/run-auth-posture';
import type * as AuthPostureRoute from './route';

const testDb = useTestDatabase();
const testRedis = useTestRedis();
useRouteEnv(testDb, testRedis);

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
interface Finding {
  id: string;
  severity: string;
  status: string;
  title: string;
  rationale: string;
  message?: string;
  specRefs: { label: string; url: string }[];
}
interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, unknown> & { error?: { code: string; message: string }; findings?: Finding[] };
}

let route: typeof AuthPostureRoute;

async function call(
  handler: Handler,
  token: string,
  serverId: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const request = new Request(`http://localhost/api/v1/servers/${serverId}/auth-posture`, {
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

const SERVER_URL = 'http://127.0.0.1:9/mcp';
let seeded: SeededSuite;
let admin: string;

beforeAll(async () => {
  route = await import('./route');
  const tenant = await createTenant(testDb.db, { name: 'Posture A', ownerEmail: 'posture-a@example.test' });
  admin = tenant.token;
  seeded = await seedSuite(testDb.db, {
    tenantId: tenant.tenant.id,
    serverUrl: SERVER_URL,
    yaml: authPostureSuiteYaml('2026-07-28'),
  });
  await testDb.db
    .tenant(seeded.tenantId)
    .suite.update({ where: { id: seeded.suiteId }, data: { name: 'Auth posture' } });
});

describe('GET /servers/{id}/auth-posture', () => {
  it("answers the latest finished run of the server's Auth posture suite as catalog findings", async () => {
    const fresh = await seedSuite(testDb.db, {
      tenantId: seeded.tenantId,
      serverUrl: 'http://127.0.0.1:9/none',
      yaml: 'name: x\ntests: []\n',
    });
    const empty = await call(route.GET, admin, fresh.serverId);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({
      serverId: fresh.serverId,
      suiteId: null,
      run: null,
      inProgress: null,
      ok: null,
      counts: { PASS: 0, FAIL: 0, WARN: 0, SKIPPED: 0 },
      findings: [],
    });

    // An older correct run, then the newer permissive one, then a run still queued: the permissive one is shown.
    await seedAuthPostureRun(testDb.db, seeded, postureObservations(SERVER_URL, 'correct'));
    const latest = await seedAuthPostureRun(testDb.db, seeded, postureObservations(SERVER_URL, 'permissive'));
    const queued = await seedRun(testDb.db.tenant(seeded.tenantId), {
      suiteId: seeded.suiteId,
      status: 'QUEUED',
      queuedAt: new Date(Date.UTC(2027, 0, 1)),
    });
    // A result of another check in the same run is not a finding.
    await testDb.db.tenant(seeded.tenantId).assertionResult.create({
      data: {
        tenantId: seeded.tenantId,
        runId: latest.runId,
        assertionKey: 'conformance ping',
        name: 'conformance ping',
        status: 'PASS',
      },
    });

    const read = await makeToken(seeded.tenantId, ['READ']);
    const answer = await call(route.GET, read, seeded.serverId);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      serverId: seeded.serverId,
      suiteId: seeded.suiteId,
      run: { id: latest.runId, status: 'failed', url: expect.stringMatching(new RegExp(`/runs/${latest.runId}$`)) },
      inProgress: { id: queued.id, status: 'queued' },
      ok: false,
      counts: { PASS: 4, FAIL: 5, WARN: 0, SKIPPED: 1 },
    });
    const findings = answer.body.findings!;
    expect(findings.map((f) => f.id)).toEqual([...AUTH_POSTURE_FINDING_IDS]);
    const byId = Object.fromEntries(findings.map((f) => [f.id, f]));
    expect(byId['alg-none-token-refused']).toEqual({
      id: 'alg-none-token-refused',
      title: 'An unsigned JWT (alg: none) is refused with 401 invalid_token',
      severity: 'critical',
      rationale: expect.stringContaining('unsigned JWT') as unknown,
      specRefs: expect.arrayContaining([
        {
          label: 'RFC 8725 §3.1 (Perform Algorithm Verification)',
          url: 'https://www.rfc-editor.org/rfc/rfc8725#section-3.1',
        },
      ]) as unknown,
      status: 'FAIL',
      // The stored detail's severity prefix and spec link are taken off again.
      message: 'accepted an alg: none JWT: HTTP 200',
    });
    expect(byId['garbage-token-refused']?.status).toBe('FAIL');
    expect(byId['query-token-refused']?.status).toBe('FAIL');
    expect(byId['no-token-401']).toMatchObject({ status: 'PASS', severity: 'critical' });
    expect(byId['other-resource-token-refused']).toMatchObject({ status: 'SKIPPED', message: 'no client credentials' });
  });

  it('is 404 for another tenant, a token of another project and an unknown server; 401 without a token', async () => {
    const other = await createTenant(testDb.db, { name: 'Posture B', ownerEmail: 'posture-b@example.test' });
    expect((await call(route.GET, other.token, seeded.serverId)).status).toBe(404);
    const elsewhere = await testDb.db
      .tenant(seeded.tenantId)
      .project.create({ data: { tenantId: seeded.tenantId, name: 'Elsewhere', slug: 'elsewhere-posture' } });
    const restricted = await makeToken(seeded.tenantId, ['ADMIN'], elsewhere.id);
    expect((await call(route.GET, restricted, seeded.serverId)).status).toBe(404);
    expect((await call(route.GET, admin, 'no-such-server')).body.error?.code).toBe('not_found');
    expect((await call(route.GET, 'mcpt_not-a-token', seeded.serverId)).status).toBe(401);
  });
});

describe('POST /servers/{id}/auth-posture', () => {
  it("creates the server's Auth posture suite once, then triggers runs of it like any run", async () => {
    const target = await seedSuite(testDb.db, {
      tenantId: seeded.tenantId,
      serverUrl: 'http://127.0.0.1:9/target',
      yaml: 'name: x\ntests: []\n',
    });
    const first = await call(route.POST, admin, target.serverId, { body: {} });
    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({ status: 'queued', suiteCreated: true, url: expect.stringContaining('/runs/') });
    expect(first.headers.get('location')).toBe(`/api/v1/runs/${String(first.body.id)}`);
    const suiteId = first.body.suiteId as string;
    const suite = await testDb.db.tenant(seeded.tenantId).suite.findFirstOrThrow({ where: { id: suiteId } });
    expect(suite).toMatchObject({ name: 'Auth posture', serverId: target.serverId, version: 1 });
    expect(suite.yaml).toContain('auth_posture: {}');
    expect(suite.yaml).not.toContain('tools/call');
    const run = await testDb.db
      .tenant(seeded.tenantId)
      .run.findFirstOrThrow({ where: { id: first.body.id as string } });
    expect(run).toMatchObject({ suiteId, status: 'QUEUED', trigger: 'API' });

    // Found again by name and server: no second suite; the GET now names it and the run in progress.
    const second = await call(route.POST, admin, target.serverId, { body: {} });
    expect(second.body).toMatchObject({ suiteId, suiteCreated: false });
    expect(second.body.id).not.toBe(first.body.id);
    expect(
      await testDb.db
        .tenant(seeded.tenantId)
        .suite.count({ where: { serverId: target.serverId, name: 'Auth posture' } }),
    ).toBe(1);
    const read = await call(route.GET, admin, target.serverId);
    expect(read.body).toMatchObject({ suiteId, run: null, inProgress: { id: second.body.id, status: 'queued' } });

    // A key gives the same run twice.
    const keyed = () =>
      call(route.POST, admin, target.serverId, { body: {}, headers: { 'idempotency-key': 'posture-1' } });
    const a = await keyed();
    const b = await keyed();
    expect(b.body.id).toBe(a.body.id);
  });

  it('writes an older revision into a new suite; needs the run scope, and write to create the suite', async () => {
    const read = await makeToken(seeded.tenantId, ['READ']);
    const runOnly = await makeToken(seeded.tenantId, ['RUN']);
    expect((await call(route.POST, read, seeded.serverId, { body: {} })).body.error?.code).toBe('forbidden');
    // The seeded suite exists: the run scope runs it.
    expect((await call(route.POST, runOnly, seeded.serverId, { body: {} })).status).toBe(202);

    const fresh = await seedSuite(testDb.db, {
      tenantId: seeded.tenantId,
      serverUrl: 'http://127.0.0.1:9/fresh',
      yaml: 'name: x\ntests: []\n',
    });
    const refused = await call(route.POST, runOnly, fresh.serverId, { body: {} });
    expect(refused.status).toBe(403);
    expect(refused.body.error?.message).toMatch(/creating it needs the write scope/);
    const write = await makeToken(seeded.tenantId, ['WRITE']);
    const created = await call(route.POST, write, fresh.serverId, { body: { revision: '2025-11-25' } });
    expect(created.status).toBe(202);
    const made = await testDb.db
      .tenant(seeded.tenantId)
      .suite.findFirstOrThrow({ where: { id: created.body.suiteId as string } });
    expect(made.yaml).toContain("auth_posture:\n  revision: '2025-11-25'");

    const bad = await call(route.POST, admin, seeded.serverId, { body: { revision: '2024-01-01' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.code).toBe('validation_failed');
    const other = await createTenant(testDb.db, { name: 'Posture C', ownerEmail: 'posture-c@example.test' });
    expect((await call(route.POST, other.token, seeded.serverId, { body: {} })).status).toBe(404);
  });
});
