// GET /servers/{id}/surface, POST /servers/{id}/surface/approve and GET /servers/{id}/surface/changes as Next calls
// them: real Postgres and Redis, real tokens. Surfaces are recorded with packages/db's recordSurface (what a run's end
// and a discovery call); discovery recording against a live server is in the services' tests.
import type { ServerSurface } from '@mcptest/core';
import { createTenant, generateApiToken, recordSurface, seedRun } from '@mcptest/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../../../../../../test/db';
import { useTestRedis } from '../../../../../../../../../test/redis';
import { useRouteEnv } from '../../../../../../../../../test/route-env';
import { seedSuite, type SeededSuite } from '../../../../../../../../../test/worker';
import type * as ApproveRoute from './approve/route';
import type * as ChangesRoute from './changes/route';
import type * as SurfaceRoute from './route';

const testDb = useTestDatabase();
const testRedis = useTestRedis();
useRouteEnv(testDb, testRedis);

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
interface Answer {
  status: number;
  body: Record<string, unknown> & { error?: { code: string; message: string; details?: unknown } };
}

let surfaceRoute: typeof SurfaceRoute;
let approveRoute: typeof ApproveRoute;
let changesRoute: typeof ChangesRoute;

async function call(handler: Handler, token: string, serverId: string, path: string, body?: unknown): Promise<Answer> {
  const request = new Request(`http://localhost/api/v1/servers/${serverId}/surface${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const response = await handler(request, { params: Promise.resolve({ id: serverId }) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {} };
}

async function makeToken(tenantId: string, scopes: ('READ' | 'RUN' | 'WRITE' | 'ADMIN')[], projectId?: string) {
  const { token, tokenHash, prefix } = generateApiToken();
  await testDb.db
    .tenant(tenantId)
    .apiToken.create({ data: { tenantId, name: 'test', tokenHash, prefix, scopes, projectId: projectId ?? null } });
  return token;
}

function surface(description: string): ServerSurface {
  return {
    format: 1,
    serverInfo: { name: 'mock', version: '1.0.0' },
    protocolVersion: '2025-11-25',
    instructions: null,
    tools: [{ name: 'search', description, inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } }],
    toolsTruncated: false,
    resources: [{ uri: 'file:///readme' }],
    resourceTemplates: [],
    prompts: [],
  };
}
const HASH_A = 'a'.repeat(64);
const HASH_B = 'b'.repeat(64);

let seeded: SeededSuite;
let admin: string;
let runId: string;

beforeAll(async () => {
  surfaceRoute = await import('./route');
  approveRoute = await import('./approve/route');
  changesRoute = await import('./changes/route');
  const tenant = await createTenant(testDb.db, { name: 'Surface A', ownerEmail: 'surface-a@example.test' });
  admin = tenant.token;
  seeded = await seedSuite(testDb.db, {
    tenantId: tenant.tenant.id,
    serverUrl: 'http://127.0.0.1:9/mcp',
    yaml: 'name: x\ntests: []\n',
  });
  const db = testDb.db.tenant(seeded.tenantId);
  runId = (await seedRun(db, { suiteId: seeded.suiteId, status: 'PASSED' })).id;
  const base = { tenantId: seeded.tenantId, serverId: seeded.serverId };
  await db.transaction((tx) =>
    recordSurface(tx, { ...base, hash: HASH_A, surface: surface('Search'), source: 'discovery', now: new Date() }),
  );
  await db.transaction((tx) =>
    recordSurface(tx, { ...base, hash: HASH_B, surface: surface('Find'), source: 'run', runId, now: new Date() }),
  );
});

describe('GET /servers/{id}/surface', () => {
  it('answers the recorded surface, its counts and the approval state (read scope)', async () => {
    const read = await makeToken(seeded.tenantId, ['READ']);
    const answer = await call(surfaceRoute.GET, read, seeded.serverId, '');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      serverId: seeded.serverId,
      hash: HASH_B,
      approved: null,
      approvedIsCurrent: false,
      pin: 'off',
      counts: { tools: 1, resources: 1, resourceTemplates: 0, prompts: 0 },
      surface: { tools: [{ name: 'search', description: 'Find' }] },
    });
  });

  it('is 404 for another tenant, a token of another project and an unknown server; 401 without a token', async () => {
    const other = await createTenant(testDb.db, { name: 'Surface B', ownerEmail: 'surface-b@example.test' });
    expect((await call(surfaceRoute.GET, other.token, seeded.serverId, '')).status).toBe(404);
    const elsewhere = await testDb.db
      .tenant(seeded.tenantId)
      .project.create({ data: { tenantId: seeded.tenantId, name: 'Elsewhere', slug: 'elsewhere-surface' } });
    const restricted = await makeToken(seeded.tenantId, ['ADMIN'], elsewhere.id);
    for (const [handler, path, body] of [
      [surfaceRoute.GET, '', undefined],
      [changesRoute.GET, '/changes', undefined],
      [approveRoute.POST, '/approve', { hash: HASH_B }],
    ] as const) {
      expect((await call(handler, restricted, seeded.serverId, path, body)).status).toBe(404);
      expect((await call(handler, other.token, seeded.serverId, path, body)).status).toBe(404);
    }
    expect((await call(surfaceRoute.GET, admin, 'no-such-server', '')).body.error?.code).toBe('not_found');
    expect((await call(surfaceRoute.GET, 'mcpt_not-a-token', seeded.serverId, '')).status).toBe(401);
  });
});

describe('GET /servers/{id}/surface/changes', () => {
  it('answers the drift history with the run that found the change', async () => {
    const answer = await call(changesRoute.GET, admin, seeded.serverId, '/changes');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      nextCursor: null,
      items: [
        {
          source: 'run',
          runId,
          runUrl: expect.stringMatching(new RegExp(`/runs/${runId}$`)) as unknown,
          fromHash: HASH_A,
          toHash: HASH_B,
          loud: false,
          summary: 'tools changed: search (description)',
          diff: { tools: { changed: [{ name: 'search', description: { before: 'Search', after: 'Find' } }] } },
        },
      ],
    });
  });
});

describe('POST /servers/{id}/surface/approve', () => {
  it('needs the write scope, validates the hash, refuses a stale one (409) and approves the current one', async () => {
    const run = await makeToken(seeded.tenantId, ['RUN']);
    expect((await call(approveRoute.POST, run, seeded.serverId, '/approve', { hash: HASH_B })).status).toBe(403);
    const invalid = await call(approveRoute.POST, admin, seeded.serverId, '/approve', { hash: 'nope' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error?.code).toBe('validation_failed');
    const stale = await call(approveRoute.POST, admin, seeded.serverId, '/approve', { hash: HASH_A });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: 'conflict', details: { currentHash: HASH_B } });

    const write = await makeToken(seeded.tenantId, ['WRITE']);
    const ok = await call(approveRoute.POST, write, seeded.serverId, '/approve', { hash: HASH_B });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      hash: HASH_B,
      approvedIsCurrent: true,
      approved: { hash: HASH_B, by: { kind: 'token' } },
    });
  });
});
