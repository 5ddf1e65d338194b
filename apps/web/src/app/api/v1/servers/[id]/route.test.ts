// Servers over the REST routes as Next calls them: env from process.env, real Postgres and Redis, real tokens.
import { createTenant, generateApiToken, secretContext } from '@mcptest/db';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestDatabase } from '../../../../../../../../test/db';
import { useTestRedis } from '../../../../../../../../test/redis';
import { useRouteEnv } from '../../../../../../../../test/route-env';
import type * as ProjectServersRoute from '@/app/api/v1/projects/[id]/servers/route';
import type * as ProjectsRoute from '@/app/api/v1/projects/route';
import type * as ServiceDepsModule from '@/server/services/get-service-deps';
import type * as ServerRoute from './route';

const testDb = useTestDatabase();
const testRedis = useTestRedis();
useRouteEnv(testDb, testRedis);

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
interface Answer {
  status: number;
  text: string;
  body: Record<string, unknown> & { error?: { code: string; message: string; details?: unknown } };
}

let routes: {
  projects: typeof ProjectsRoute;
  projectServers: typeof ProjectServersRoute;
  server: typeof ServerRoute;
  deps: typeof ServiceDepsModule;
};

async function call(
  handler: Handler,
  token: string,
  options: { method?: string; params?: Record<string, string>; body?: unknown; query?: string } = {},
): Promise<Answer> {
  const request = new Request(`http://localhost/api/v1/test${options.query ?? ''}`, {
    method: options.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const response = await handler(request, { params: Promise.resolve(options.params ?? {}) });
  const text = await response.text();
  return { status: response.status, text, body: text ? (JSON.parse(text) as Answer['body']) : {} };
}

/** A token of `tenantId` with these scopes, optionally restricted to a project. */
async function makeToken(tenantId: string, scopes: ('READ' | 'RUN' | 'ADMIN')[], projectId?: string) {
  const { token, tokenHash, prefix } = generateApiToken();
  await testDb.db
    .tenant(tenantId)
    .apiToken.create({ data: { tenantId, name: 'test', tokenHash, prefix, scopes, projectId: projectId ?? null } });
  return token;
}

let tenantA: { id: string; admin: string };
let tenantB: { id: string; admin: string };

async function createProject(token: string, name: string): Promise<string> {
  const answer = await call(routes.projects.POST, token, { method: 'POST', body: { name } });
  expect(answer.status).toBe(201);
  return answer.body.id as string;
}

async function createServer(token: string, projectId: string, body: unknown): Promise<Answer> {
  return call(routes.projectServers.POST, token, { method: 'POST', params: { id: projectId }, body });
}

beforeAll(async () => {
  vi.stubEnv('MCPTEST_ALLOW_PRIVATE_NETWORKS', '127.0.0.0/8,::1/128');
  routes = {
    projects: await import('@/app/api/v1/projects/route'),
    projectServers: await import('@/app/api/v1/projects/[id]/servers/route'),
    server: await import('./route'),
    deps: await import('@/server/services/get-service-deps'),
  };
  const a = await createTenant(testDb.db, { name: 'Servers A', ownerEmail: 'servers-a@example.test' });
  const b = await createTenant(testDb.db, { name: 'Servers B', ownerEmail: 'servers-b@example.test' });
  tenantA = { id: a.tenant.id, admin: a.token };
  tenantB = { id: b.tenant.id, admin: b.token };
});

describe('servers API', () => {
  it('creates a server with sealed headers that are never returned, then lists, gets, updates and deletes it', async () => {
    const projectId = await createProject(tenantA.admin, 'Crud');
    const secret = 'Bearer super-secret-value-42';
    const created = await createServer(tenantA.admin, projectId, {
      name: 'Everything',
      url: 'https://mcp.example.com/mcp',
      transport: 'http',
      headers: { Authorization: secret, 'X-Api-Key': 'key-value-99' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      projectId,
      name: 'Everything',
      url: 'https://mcp.example.com/mcp',
      transport: 'http',
      protocol: 'auto',
      hasHeaders: true,
      headerNames: ['Authorization', 'X-Api-Key'],
      discoveredAt: null,
      createdAt: expect.any(String),
      // No OAuth connection (docs/oauth.md): the summary is null.
      authorization: null,
    });
    expect(created.text).not.toContain('super-secret');
    const id = created.body.id as string;

    // At rest: sealed bytes without the plaintext, opening only under this tenant's server-headers context.
    const row = await testDb.db.tenant(tenantA.id).server.findFirst({ where: { id } });
    expect(row?.headersEncrypted).toBeTruthy();
    expect(Buffer.from(row!.headersEncrypted!).toString('latin1')).not.toContain('super-secret');
    const box = routes.deps.getServiceDeps().secretBox;
    const sealed = { keyId: row!.headersKeyId!, data: new Uint8Array(row!.headersEncrypted!) };
    expect(JSON.parse(box.open(sealed, secretContext.serverHeaders(tenantA.id)))).toEqual({
      Authorization: secret,
      'X-Api-Key': 'key-value-99',
    });
    expect(() => box.open(sealed, secretContext.serverHeaders(tenantB.id))).toThrow();

    const second = await createServer(tenantA.admin, projectId, { name: 'Second', url: 'http://127.0.0.1:9/mcp' });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ transport: 'auto', hasHeaders: false, headerNames: [] });

    // Newest first, one per page.
    const page1 = await call(routes.projectServers.GET, tenantA.admin, {
      params: { id: projectId },
      query: '?limit=1',
    });
    expect(page1.status).toBe(200);
    expect((page1.body.items as { id: string }[]).map((s) => s.id)).toEqual([second.body.id]);
    const page2 = await call(routes.projectServers.GET, tenantA.admin, {
      params: { id: projectId },
      query: `?limit=1&cursor=${String(page1.body.nextCursor)}`,
    });
    expect((page2.body.items as { id: string }[]).map((s) => s.id)).toEqual([id]);
    expect(page2.body.nextCursor).toBeNull();
    expect(page1.text + page2.text).not.toContain('super-secret');

    const got = await call(routes.server.GET, tenantA.admin, { params: { id } });
    expect(got.body).toEqual(created.body);

    // Headers replaced when given...
    const renamed = await call(routes.server.PATCH, tenantA.admin, {
      method: 'PATCH',
      params: { id },
      body: { name: 'Renamed', transport: 'sse', headers: { 'X-Other': 'v' } },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Renamed', transport: 'sse', headerNames: ['X-Other'] });
    // ...kept when absent while the URL stays on its origin...
    const kept = await call(routes.server.PATCH, tenantA.admin, {
      method: 'PATCH',
      params: { id },
      body: { url: 'https://mcp.example.com/v2/mcp' },
    });
    expect(kept.body).toMatchObject({
      url: 'https://mcp.example.com/v2/mcp',
      hasHeaders: true,
      headerNames: ['X-Other'],
    });
    // ...dropped when it moves to another origin without them (test/isolation/server-url-change.test.ts)...
    const moved = await call(routes.server.PATCH, tenantA.admin, {
      method: 'PATCH',
      params: { id },
      body: { url: 'https://mcp2.example.com/mcp', headers: { 'X-Other': 'v' } },
    });
    expect(moved.body).toMatchObject({ url: 'https://mcp2.example.com/mcp', headerNames: ['X-Other'] });
    // ...and cleared by null.
    const cleared = await call(routes.server.PATCH, tenantA.admin, {
      method: 'PATCH',
      params: { id },
      body: { headers: null },
    });
    expect(cleared.body).toMatchObject({ hasHeaders: false, headerNames: [] });
    const clearedRow = await testDb.db.tenant(tenantA.id).server.findFirst({ where: { id } });
    expect(clearedRow).toMatchObject({ headersEncrypted: null, headersKeyId: null });

    expect((await call(routes.server.DELETE, tenantA.admin, { method: 'DELETE', params: { id } })).status).toBe(204);
    expect((await call(routes.server.GET, tenantA.admin, { params: { id } })).status).toBe(404);

    const actions = await testDb.db.tenant(tenantA.id).auditLog.findMany({
      where: { targetId: id },
      orderBy: { createdAt: 'asc' },
      select: { action: true, metadata: true },
    });
    expect(actions.map((a) => a.action)).toEqual([
      'server.create',
      'server.update',
      'server.update',
      'server.update',
      'server.update',
      'server.delete',
    ]);
    expect(JSON.stringify(actions)).not.toContain('secret');
  });

  it('refuses metadata, link-local and private addresses naming the rule, and bad headers naming the header', async () => {
    const projectId = await createProject(tenantA.admin, 'Refusals');
    const metadata = await createServer(tenantA.admin, projectId, { name: 'm', url: 'http://169.254.169.254/latest' });
    expect(metadata.status).toBe(400);
    expect(metadata.body.error).toMatchObject({ code: 'url_refused', details: { rule: 'metadata' } });
    expect(metadata.body.error?.message).toContain('metadata');

    const linkLocal = await createServer(tenantA.admin, projectId, { name: 'l', url: 'http://169.254.10.1/mcp' });
    expect(linkLocal.body.error).toMatchObject({ code: 'url_refused', details: { rule: 'link_local' } });

    const privateNet = await createServer(tenantA.admin, projectId, { name: 'p', url: 'http://10.0.0.1/mcp' });
    expect(privateNet.status).toBe(400);
    expect(privateNet.body.error).toMatchObject({ code: 'url_refused', details: { rule: 'private_address' } });
    expect(privateNet.body.error?.message).toContain('10.0.0.1');

    const ok = await createServer(tenantA.admin, projectId, { name: 'ok', url: 'https://mcp.example.com/mcp' });
    const patched = await call(routes.server.PATCH, tenantA.admin, {
      method: 'PATCH',
      params: { id: ok.body.id as string },
      body: { url: 'http://[::ffff:169.254.169.254]/' },
    });
    expect(patched.body.error).toMatchObject({ code: 'url_refused', details: { rule: 'metadata' } });

    const badHeaders = await createServer(tenantA.admin, projectId, {
      name: 'h',
      url: 'https://mcp.example.com/mcp',
      headers: { 'Bad Name': 'x', 'X-Smuggle': 'ok\r\nHost: evil', Host: 'elsewhere' },
    });
    expect(badHeaders.status).toBe(400);
    expect(badHeaders.body.error?.code).toBe('validation_failed');
    const paths = (badHeaders.body.error?.details as { path: string }[]).map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['headers.Bad Name', 'headers.X-Smuggle', 'headers.Host']));
    expect(badHeaders.text).not.toContain('evil');

    const badBody = await createServer(tenantA.admin, projectId, { name: '', url: 'ftp://x', transport: 'grpc' });
    expect(badBody.status).toBe(400);
    expect((badBody.body.error?.details as { path: string }[]).map((d) => d.path)).toEqual(
      expect.arrayContaining(['name', 'url', 'transport']),
    );
  });

  it('enforces scopes, tenants and project restrictions', async () => {
    const projectA = await createProject(tenantA.admin, 'Scoped A');
    const projectB = await createProject(tenantA.admin, 'Scoped B');
    const serverA = (await createServer(tenantA.admin, projectA, { name: 'a', url: 'https://a.example.com/mcp' })).body
      .id as string;
    const serverB = (await createServer(tenantA.admin, projectB, { name: 'b', url: 'https://b.example.com/mcp' })).body
      .id as string;

    const read = await makeToken(tenantA.id, ['READ']);
    const denied = await createServer(read, projectA, { name: 'x', url: 'https://x.example.com/mcp' });
    expect(denied.status).toBe(403);
    expect(denied.body.error?.code).toBe('forbidden');
    expect((await call(routes.server.GET, read, { params: { id: serverA } })).status).toBe(200);
    expect((await call(routes.server.DELETE, read, { method: 'DELETE', params: { id: serverA } })).status).toBe(403);

    // Another tenant sees nothing: 404, never 403.
    const other = tenantB.admin;
    expect((await call(routes.server.GET, other, { params: { id: serverA } })).status).toBe(404);
    expect(
      (await call(routes.server.PATCH, other, { method: 'PATCH', params: { id: serverA }, body: {} })).status,
    ).toBe(404);
    expect((await call(routes.server.DELETE, other, { method: 'DELETE', params: { id: serverA } })).status).toBe(404);
    expect((await call(routes.projectServers.GET, other, { params: { id: projectA } })).status).toBe(404);
    expect((await createServer(other, projectA, { name: 'x', url: 'https://x.example.com/mcp' })).status).toBe(404);

    // A token restricted to project A works there and sees nothing of project B.
    const restricted = await makeToken(tenantA.id, ['ADMIN'], projectA);
    const listA = await call(routes.projectServers.GET, restricted, { params: { id: projectA } });
    expect((listA.body.items as { id: string }[]).map((s) => s.id)).toEqual([serverA]);
    expect((await call(routes.server.GET, restricted, { params: { id: serverA } })).status).toBe(200);
    expect((await call(routes.projectServers.GET, restricted, { params: { id: projectB } })).status).toBe(404);
    expect((await call(routes.server.GET, restricted, { params: { id: serverB } })).status).toBe(404);
    expect(
      (await call(routes.server.PATCH, restricted, { method: 'PATCH', params: { id: serverB }, body: { name: 'x' } }))
        .status,
    ).toBe(404);
    expect((await createServer(restricted, projectB, { name: 'x', url: 'https://x.example.com/mcp' })).status).toBe(
      404,
    );

    expect((await call(routes.server.GET, 'mcpt_nope', { params: { id: serverA } })).status).toBe(401);
  });

  it('refuses to delete a server while a suite uses it (409)', async () => {
    const projectId = await createProject(tenantA.admin, 'In use');
    const id = (await createServer(tenantA.admin, projectId, { name: 's', url: 'https://s.example.com/mcp' })).body
      .id as string;
    const suite = await testDb.db.tenant(tenantA.id).suite.create({
      data: { tenantId: tenantA.id, projectId, serverId: id, name: 'suite', yaml: 'name: x\n', badgeKey: `k-${id}` },
    });
    const conflict = await call(routes.server.DELETE, tenantA.admin, { method: 'DELETE', params: { id } });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error).toMatchObject({ code: 'conflict', details: { suites: 1 } });
    await testDb.db.tenant(tenantA.id).suite.deleteMany({ where: { id: suite.id } });
    expect((await call(routes.server.DELETE, tenantA.admin, { method: 'DELETE', params: { id } })).status).toBe(204);
  });
});
