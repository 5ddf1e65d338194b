// POST /servers/{id}/discover over the route as Next calls it, against real mock MCP servers on loopback.
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { createTenant, generateApiToken } from '@mcptest/db';
import { loadMockDefinition, startMockServer, type MockServerHandle } from '@mcptest/mcp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestDatabase } from '../../../../../../../../../test/db';
import { useTestRedis } from '../../../../../../../../../test/redis';
import { useRouteEnv } from '../../../../../../../../../test/route-env';
import { useWorkerMock } from '../../../../../../../../../test/worker';
import type * as ProjectServersRoute from '@/app/api/v1/projects/[id]/servers/route';
import type * as ServiceDepsModule from '@/server/services/get-service-deps';
import type { DiscoverServerResult } from '@/server/services/servers/discovery-schemas';
import type { ServerResource } from '@/server/services/servers/server-schemas';
import type * as ServerRoute from '@/app/api/v1/servers/[id]/route';
import type * as DiscoverRoute from './route';

const testDb = useTestDatabase();
const testRedis = useTestRedis();
useRouteEnv(testDb, testRedis);
const workerMock = useWorkerMock();

/** The second definition: search changed, slow tools gone, a destructive and an undescribed mutating tool added. */
const CHANGED_MOCK = `
mock_server:
  name: changed
  tools:
    - name: search
      description: Search the catalogue by keyword
      annotations: { readOnlyHint: true, openWorldHint: false }
      inputSchema: { type: object, properties: { q: { type: string, description: the words } }, required: [q] }
      response: { content: [ { type: text, text: "found {{args.q}}" } ] }
    - name: delete_item
      description: Delete one item for good
      inputSchema: { type: object, properties: { id: { type: string } } }
      response: { content: [ { type: text, text: "deleted" } ] }
    - name: create_item
      inputSchema: { type: object, properties: { name: { type: string } } }
      response: { content: [ { type: text, text: "created" } ] }
  resources:
    - uri: mem://readme
      name: readme
      text: hello
  prompts:
    - name: greet
      description: Say hello
      messages: [ { role: user, content: { type: text, text: "hello" } } ]
`;

const SECRET = 'Bearer discovery-secret-7';

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

let routes: {
  discover: typeof DiscoverRoute;
  server: typeof ServerRoute;
  projectServers: typeof ProjectServersRoute;
  deps: typeof ServiceDepsModule;
};
let tenant: { id: string; admin: string };
let projectId: string;
let changedMock: MockServerHandle;
let proxy: HttpServer;
let proxyUrl: string;
/** Authorization headers the proxy saw, in order. */
const seenAuthorization: (string | undefined)[] = [];

/** The error answer; a test reads it where it expects one. */
interface ErrorJson {
  error: { code: string; message: string; details: Record<string, unknown> };
}

async function call<T = ServerResource>(
  handler: Handler,
  token: string,
  params: Record<string, string>,
  method = 'POST',
  body?: unknown,
) {
  const request = new Request('http://localhost/api/v1/test', {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const response = await handler(request, { params: Promise.resolve(params) });
  const text = await response.text();
  return { status: response.status, text, body: (text ? JSON.parse(text) : {}) as T & ErrorJson };
}

/**
 * A reverse proxy in front of the worker mock that answers 401 without the expected Authorization header: discovery
 * only gets through with the server's decrypted headers.
 */
async function startAuthProxy(target: () => string): Promise<void> {
  proxy = createHttpServer((req, res) => {
    seenAuthorization.push(req.headers.authorization);
    if (req.headers.authorization !== SECRET) {
      res.writeHead(401, { 'content-type': 'text/plain' }).end('unauthorized');
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name))
        headers.set(name, value);
    }
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    void fetch(target(), {
      method: req.method,
      headers,
      ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: 'half' } : {}),
    } as RequestInit)
      .then((upstream) => {
        const out: Record<string, string> = {};
        upstream.headers.forEach((value, name) => {
          if (name !== 'content-length' && name !== 'transfer-encoding' && name !== 'content-encoding')
            out[name] = value;
        });
        res.writeHead(upstream.status, out);
        if (!upstream.body) return res.end();
        Readable.fromWeb(upstream.body as NodeReadableStream).pipe(res);
      })
      .catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const address = proxy.address();
  if (address === null || typeof address === 'string') throw new Error('no proxy port');
  proxyUrl = `http://127.0.0.1:${address.port}/mcp`;
}

beforeAll(async () => {
  vi.stubEnv('MCPTEST_ALLOW_PRIVATE_NETWORKS', '127.0.0.0/8,::1/128');
  routes = {
    discover: await import('./route'),
    server: await import('@/app/api/v1/servers/[id]/route'),
    projectServers: await import('@/app/api/v1/projects/[id]/servers/route'),
    deps: await import('@/server/services/get-service-deps'),
  };
  const created = await createTenant(testDb.db, { name: 'Discovery', ownerEmail: 'discovery@example.test' });
  tenant = { id: created.tenant.id, admin: created.token };
  projectId = (
    await testDb.db
      .tenant(tenant.id)
      .project.create({ data: { tenantId: tenant.id, name: 'Discovery', slug: 'discovery' } })
  ).id;
  const loaded = loadMockDefinition(CHANGED_MOCK, 'changed.yaml');
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  changedMock = await startMockServer({ definition: loaded.definition });
  await startAuthProxy(() => workerMock.url);
});

describe('POST /servers/{id}/discover', () => {
  it('classifies, decides and lints the tools with the decrypted headers, then reports what changed', async () => {
    const created = await call(routes.projectServers.POST, tenant.admin, { id: projectId }, 'POST', {
      name: 'Mock',
      url: proxyUrl,
      transport: 'http',
      headers: { Authorization: SECRET },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;

    const first = await call<DiscoverServerResult>(routes.discover.POST, tenant.admin, { id });
    expect(first.status).toBe(200);
    expect(seenAuthorization.length).toBeGreaterThan(0);
    expect(seenAuthorization.every((value) => value === SECRET)).toBe(true);
    expect(first.text).not.toContain('discovery-secret');
    expect(first.body.server).toMatchObject({ name: 'worker-tests', transport: 'http' });
    expect(first.body.policy).toEqual({ annotation_trust: 'trust', execute_destructive: false });
    expect(first.body.tools.map((t) => t.name)).toEqual(['search', 'slow', 'very_slow']);
    expect(first.body.tools[0]).toMatchObject({
      name: 'search',
      description: null,
      class: 'ReadOnly',
      source: 'annotation',
      live: 'Execute',
      liveReason: null,
      generate: 'Execute',
      descriptor: { name: 'search', annotations: { readOnlyHint: true } },
    });
    // The worker mock's tools have no descriptions: an error lint for each.
    expect(first.body.lints.summary.errors).toBeGreaterThanOrEqual(3);
    expect(first.body.lints.findings.filter((f) => f.code === 'description-missing').map((f) => f.tool)).toEqual([
      'search',
      'slow',
      'very_slow',
    ]);
    expect(first.body.changes).toEqual({
      previousDiscoveredAt: null,
      added: ['search', 'slow', 'very_slow'],
      removed: [],
      changed: [],
    });
    expect(first.body.resources).toEqual([]);
    expect(first.body.prompts).toEqual([]);

    const stored = await testDb.db.tenant(tenant.id).server.findFirst({ where: { id } });
    expect(stored?.discoveredAt?.toISOString()).toBe(first.body.discoveredAt);
    expect(stored?.discovery).toMatchObject({
      format: 1,
      tools: [{ name: 'search' }, { name: 'slow' }, { name: 'very_slow' }],
    });
    expect((await call(routes.server.GET, tenant.admin, { id }, 'GET')).body.discoveredAt).toBe(
      first.body.discoveredAt,
    );

    // The same server moves to a different definition.
    const moved = await call(routes.server.PATCH, tenant.admin, { id }, 'PATCH', {
      url: changedMock.url,
      headers: null,
    });
    expect(moved.status).toBe(200);
    const second = await call<DiscoverServerResult>(routes.discover.POST, tenant.admin, { id });
    expect(second.status).toBe(200);
    expect(second.body.changes).toEqual({
      previousDiscoveredAt: first.body.discoveredAt,
      added: ['delete_item', 'create_item'],
      removed: ['slow', 'very_slow'],
      changed: [{ name: 'search', fields: ['description', 'inputSchema', 'annotations'] }],
    });
    const byName = Object.fromEntries(second.body.tools.map((t) => [t.name, t]));
    expect(byName.delete_item).toMatchObject({
      class: 'Destructive',
      source: 'name',
      live: 'Refuse',
      liveReason: expect.stringContaining('execute_destructive'),
      generate: 'GenerateOnly',
    });
    expect(byName.create_item).toMatchObject({
      class: 'Mutating',
      source: 'name',
      live: 'ExecuteOnce',
      generate: 'ExecuteOnce',
    });
    const codes = second.body.lints.findings.map((f) => `${f.tool}:${f.code}`);
    expect(codes).toContain('create_item:description-missing');
    expect(second.body.resources).toEqual([expect.objectContaining({ uri: 'mem://readme', name: 'readme' })]);
    expect(second.body.prompts).toEqual([expect.objectContaining({ name: 'greet' })]);

    // Decisions follow the tenant's policy.
    await testDb.db.global.tenant.update({
      where: { id: tenant.id },
      data: { execPolicy: { execute_destructive: true } },
    });
    const third = await call<DiscoverServerResult>(routes.discover.POST, tenant.admin, { id });
    const deleteItem = third.body.tools.find((t) => t.name === 'delete_item');
    expect(deleteItem).toMatchObject({ class: 'Destructive', live: 'ExecuteOnce', generate: 'ExecuteOnce' });
    expect(third.body.changes).toMatchObject({ added: [], removed: [], changed: [] });

    const audit = await testDb.db
      .tenant(tenant.id)
      .auditLog.findMany({ where: { targetId: id, action: 'server.discover' }, select: { metadata: true } });
    expect(audit).toHaveLength(3);
    expect(audit.map((a) => a.metadata)).toContainEqual({ tools: 3, added: 2, removed: 2, changed: 1 });

    // Each discovery recorded the surface (docs/health.md): two snapshots, one change (the third saw the same surface),
    // loud because a destructive tool appeared, and the server's hash is the second surface's.
    const tdb = testDb.db.tenant(tenant.id);
    const snapshots = await tdb.surfaceSnapshot.findMany({ where: { serverId: id }, orderBy: { firstSeenAt: 'asc' } });
    expect(snapshots).toHaveLength(2);
    const changes = await tdb.surfaceChange.findMany({ where: { serverId: id } });
    expect(changes).toEqual([
      expect.objectContaining({
        fromHash: snapshots[0]!.hash,
        toHash: snapshots[1]!.hash,
        source: 'discovery',
        runId: null,
        loud: true,
      }),
    ]);
    expect((changes[0]!.diff as { alerts: { tool: string; kind: string }[] }).alerts).toEqual([
      expect.objectContaining({ tool: 'delete_item', kind: 'destructive_added' }),
    ]);
    expect((await tdb.server.findFirstOrThrow({ where: { id } })).surfaceHash).toBe(snapshots[1]!.hash);
  });

  it('needs the run scope, hides other projects, and answers 503 when the server is unreachable', async () => {
    const id = (
      await call(routes.projectServers.POST, tenant.admin, { id: projectId }, 'POST', {
        name: 'Down',
        url: 'http://127.0.0.1:1/mcp',
        transport: 'http',
      })
    ).body.id as string;

    const read = generateApiToken();
    const otherProject = await testDb.db
      .tenant(tenant.id)
      .project.create({ data: { tenantId: tenant.id, name: 'Other', slug: 'other' } });
    const restricted = generateApiToken();
    await testDb.db.tenant(tenant.id).apiToken.createMany({
      data: [
        { tenantId: tenant.id, name: 'read', tokenHash: read.tokenHash, prefix: read.prefix, scopes: ['READ'] },
        {
          tenantId: tenant.id,
          name: 'restricted',
          tokenHash: restricted.tokenHash,
          prefix: restricted.prefix,
          scopes: ['RUN'],
          projectId: otherProject.id,
        },
      ],
    });
    const denied = await call<DiscoverServerResult>(routes.discover.POST, read.token, { id });
    expect(denied.status).toBe(403);
    expect((await call<DiscoverServerResult>(routes.discover.POST, restricted.token, { id })).status).toBe(404);

    const down = await call<DiscoverServerResult>(routes.discover.POST, tenant.admin, { id });
    expect(down.status).toBe(503);
    expect(down.body.error).toMatchObject({ code: 'unavailable', details: { reason: 'connect_failed' } });
    expect(down.body.error.message).toContain('127.0.0.1:1');
    const row = await testDb.db.tenant(tenant.id).server.findFirst({ where: { id } });
    expect(row?.discoveredAt).toBeNull();

    // A URL that got in without the registration check (an older row, a changed allowlist) is refused on connection.
    const sneaked = await testDb.db.tenant(tenant.id).server.create({
      data: { tenantId: tenant.id, projectId, name: 'Sneaked', url: 'http://10.0.0.1/mcp', transport: 'HTTP' },
    });
    const refused = await call(routes.discover.POST, tenant.admin, { id: sneaked.id });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'url_refused', details: { rule: 'private_address' } });
  });
});
