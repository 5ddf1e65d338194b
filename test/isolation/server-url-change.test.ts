// Stored server headers never follow a URL to another origin (docs/security.md, "Secrets stay secret"). A MEMBER may
// edit a server but never read its header values; before this, changing the URL to a host of one's own and pressing
// "Test connection" (or discovering, through the API) sent the stored Authorization there. A real HTTP receiver on
// loopback stands for the attacker's host and records every request that reaches it.
//
// Seams as in action-matrix.test.ts: the session lookup and next/cache are mocked; the actions, the route handlers,
// Postgres, Redis and the MCP server are real.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import path from 'node:path';
import { useTestDatabase } from '../db';
import { useTestRedis } from '../redis';
import { useRouteEnv } from '../route-env';
import { startWebhookReceiver, type WebhookReceiver } from '../webhook-receiver';
import { useWorkerMock } from '../worker';
import type { ServiceDeps } from '../../apps/web/src/server/services/service-deps';
import { WEB_SRC } from './inventory';
import { addMember, makeToken, seedTenant, type TenantFixture } from './tenant-fixture';

interface SessionUser {
  userId: string;
  email: string | null;
}

const sessions = await vi.hoisted(async () => {
  const { AsyncLocalStorage } = await import('node:async_hooks');
  return new AsyncLocalStorage<SessionUser | null>();
});
vi.mock('../../apps/web/src/server/auth/get-session-actor', () => ({
  getSessionActor: () => Promise.resolve(sessions.getStore() ?? null),
  sessionActor: () => sessions.getStore() ?? null,
}));
vi.mock('next/cache', () => ({ revalidatePath: () => undefined, revalidateTag: () => undefined }));

const testDb = useTestDatabase();
const testRedis = useTestRedis();
useRouteEnv(testDb, testRedis);
const mock = useWorkerMock();

type Action = (previous: unknown, form: FormData) => Promise<{ ok: boolean; data?: unknown; message?: string }>;
type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

let deps: ServiceDeps;
let tenant: TenantFixture;
let attacker: WebhookReceiver;
let actions: { update: Action; connection: Action };
let routes: { patch: Handler; discover: Handler };

beforeAll(async () => {
  vi.stubEnv('MCPTEST_ALLOW_PRIVATE_NETWORKS', '127.0.0.0/8,::1/128');
  const { getServiceDeps } = await import('../../apps/web/src/server/services/get-service-deps');
  deps = getServiceDeps();
  // Imported by path, as the action matrix does: a static import would pull Auth.js's DOM types into the root typecheck.
  const actionsFile = path.join(WEB_SRC, 'app/o/[org]/servers/[serverId]/actions.ts');
  const serverActions = (await import(/* @vite-ignore */ actionsFile)) as {
    updateServerAction: Action;
    connectionAction: Action;
  };
  actions = { update: serverActions.updateServerAction, connection: serverActions.connectionAction };
  const serverRoute = (await import('../../apps/web/src/app/api/v1/servers/[id]/route')) as unknown as {
    PATCH: Handler;
  };
  const discoverRoute = (await import('../../apps/web/src/app/api/v1/servers/[id]/discover/route')) as unknown as {
    POST: Handler;
  };
  routes = { patch: serverRoute.PATCH, discover: discoverRoute.POST };
  tenant = await seedTenant(deps, { name: 'Headers', marker: 'stored-secret', serverUrl: mock.url });
  attacker = await startWebhookReceiver();
});

afterAll(async () => {
  await attacker?.close();
});

/** A fresh server of the tenant registered at the mock MCP server with a stored Authorization header. */
async function registerServer(secret: string): Promise<string> {
  const { createServer } = await import('../../apps/web/src/server/services/servers/create-server');
  const server = await createServer(deps, { tenantId: tenant.tenantId }, tenant.projectId, {
    name: `server ${secret}`,
    url: mock.url,
    transport: 'http',
    headers: { Authorization: `Bearer ${secret}`, 'X-Api-Key': secret },
  });
  return server.id;
}

function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  data.append('org', tenant.slug);
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) data.append(name, v);
  return data;
}

/** Every header value that reached the attacker's host under `path`, as one string to search. */
function arrived(path: string): string {
  return JSON.stringify(attacker.on(path).map((request) => request.headers));
}

async function headerNames(serverId: string): Promise<string[]> {
  const { getServer } = await import('../../apps/web/src/server/services/servers/get-server');
  return (await getServer(deps, { tenantId: tenant.tenantId }, serverId)).headerNames;
}

describe('UI: a MEMBER moving a server to another origin', () => {
  it('then testing the connection sends none of the stored headers to the new host', async () => {
    const secret = 'ui-secret-1';
    const serverId = await registerServer(secret);
    const member = await addMember(testDb.db, tenant.tenantId, 'MEMBER');
    const path = '/ui-moved';
    const saved = await sessions.run(member, () =>
      actions.update(null, form({ serverId, name: 'moved', url: `${attacker.url}${path}`, transport: 'http' })),
    );
    expect(saved, JSON.stringify(saved)).toMatchObject({ ok: true });
    expect(saved.message).toMatch(/another origin.*headers were removed/);
    expect(await headerNames(serverId)).toEqual([]);

    const tested = await sessions.run(member, () => actions.connection(null, form({ serverId, op: 'test' })));
    expect(tested.ok).toBe(true);
    // The connection was attempted (the receiver is no MCP server, so it failed) and carried nothing stored.
    expect(attacker.on(path).length).toBeGreaterThan(0);
    expect(arrived(path)).not.toContain(secret);
    expect(attacker.on(path).every((r) => !('authorization' in r.headers) && !('x-api-key' in r.headers))).toBe(true);
  });

  it('keeps the headers entered again in the same form, and only those', async () => {
    const secret = 'ui-secret-2';
    const serverId = await registerServer(secret);
    const member = await addMember(testDb.db, tenant.tenantId, 'MEMBER');
    const path = '/ui-moved-with-headers';
    const saved = await sessions.run(member, () =>
      actions.update(
        null,
        form({
          serverId,
          name: 'moved',
          url: `${attacker.url}${path}`,
          transport: 'http',
          headerName: 'Authorization',
          headerValue: 'Bearer typed-for-the-new-host',
        }),
      ),
    );
    expect(saved.ok).toBe(true);
    expect(await headerNames(serverId)).toEqual(['Authorization']);
    await sessions.run(member, () => actions.connection(null, form({ serverId, op: 'test' })));
    expect(arrived(path)).toContain('Bearer typed-for-the-new-host');
    expect(arrived(path)).not.toContain(secret);
  });

  it('keeps the stored headers when the origin stays (a new path or query)', async () => {
    const serverId = await registerServer('ui-secret-3');
    const member = await addMember(testDb.db, tenant.tenantId, 'MEMBER');
    const saved = await sessions.run(member, () =>
      actions.update(null, form({ serverId, name: 'same origin', url: `${mock.url}?v=2`, transport: 'http' })),
    );
    expect(saved.ok).toBe(true);
    expect(saved.message).not.toMatch(/removed/);
    expect(await headerNames(serverId)).toEqual(['Authorization', 'X-Api-Key']);
  });
});

describe('API: PATCH /servers/{id} to another origin', () => {
  async function patch(token: string, serverId: string, body: unknown): Promise<Response> {
    return routes.patch(
      new Request(`http://localhost/api/v1/servers/${serverId}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
      { params: Promise.resolve({ id: serverId }) },
    );
  }
  async function discover(token: string, serverId: string): Promise<Response> {
    return routes.discover(
      new Request(`http://localhost/api/v1/servers/${serverId}/discover`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      }),
      { params: Promise.resolve({ id: serverId }) },
    );
  }

  it('drops the stored headers, so discovery sends none of them to the new host', async () => {
    const secret = 'api-secret-1';
    const serverId = await registerServer(secret);
    const token = await makeToken(testDb.db, tenant.tenantId, ['admin']);
    const path = '/api-moved';
    const response = await patch(token, serverId, { url: `${attacker.url}${path}` });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ hasHeaders: false, headerNames: [] });
    const discovered = await discover(token, serverId);
    expect(discovered.status).toBe(503);
    expect(attacker.on(path).length).toBeGreaterThan(0);
    expect(arrived(path)).not.toContain(secret);
  });

  it('keeps headers sent in the same request', async () => {
    const secret = 'api-secret-2';
    const serverId = await registerServer(secret);
    const token = await makeToken(testDb.db, tenant.tenantId, ['admin']);
    const path = '/api-moved-with-headers';
    const response = await patch(token, serverId, {
      url: `${attacker.url}${path}`,
      headers: { Authorization: 'Bearer sent-again' },
    });
    expect(await response.json()).toMatchObject({ hasHeaders: true, headerNames: ['Authorization'] });
    await discover(token, serverId);
    expect(arrived(path)).toContain('Bearer sent-again');
    expect(arrived(path)).not.toContain(secret);
  });

  it('keeps the stored headers for a change of path only', async () => {
    const serverId = await registerServer('api-secret-3');
    const token = await makeToken(testDb.db, tenant.tenantId, ['admin']);
    const response = await patch(token, serverId, { url: `${mock.url}?same=origin` });
    expect(await response.json()).toMatchObject({ hasHeaders: true, headerNames: ['Authorization', 'X-Api-Key'] });
  });
});
