// Server and webhook URLs may carry a key in their query string (or, in rows older than the registration check,
// credentials): who may not change a URL sees it masked (`maskUrl`: `https://host/path?***`), in the REST API's
// resources and in the pages of the web app. Who may change it sees it whole, to edit it. Seams as in
// page-matrix.test.ts: the session lookup is mocked; pages are called as Next calls them and their element walked.
import { isValidElement } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Permission } from '../../apps/web/src/server/services/permissions';
import type { ServiceDeps } from '../../apps/web/src/server/services/service-deps';
import { useTestDatabase } from '../db';
import { useRouteEnv } from '../route-env';
import { useTestRedis } from '../redis';
import { WEB_SRC } from './inventory';
import { addMember, seedTenant, type RoleName, type TenantFixture } from './tenant-fixture';

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

const SERVER_KEY = 'server-query-key-4f1c';
const WEBHOOK_KEY = 'webhook-query-key-9b2e';
const SERVER_URL = `http://127.0.0.1:9/mcp?api_key=${SERVER_KEY}`;
const WEBHOOK_URL = `https://hooks.example.test/in?token=${WEBHOOK_KEY}`;

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Page = (props: Record<string, unknown>) => Promise<unknown>;

let deps: ServiceDeps;
let tenant: TenantFixture;
let serverId: string;
let webhookId: string;
const routes = new Map<string, Handler>();
const pages = new Map<string, Page>();

beforeAll(async () => {
  vi.stubEnv('MCPTEST_ALLOW_PRIVATE_NETWORKS', '127.0.0.0/8,::1/128');
  const { getServiceDeps } = await import('../../apps/web/src/server/services/get-service-deps');
  deps = getServiceDeps();
  tenant = await seedTenant(deps, { name: 'Masking', marker: 'masking', serverUrl: 'http://127.0.0.1:9/mcp' });
  const { createServer } = await import('../../apps/web/src/server/services/servers/create-server');
  const { createWebhook } = await import('../../apps/web/src/server/services/webhooks/create-webhook');
  const admin = { tenantId: tenant.tenantId, permission: 'admin' as const };
  serverId = (
    await createServer(deps, admin, tenant.projectId, {
      name: 'keyed server',
      url: SERVER_URL,
      transport: 'http',
    })
  ).id;
  webhookId = (await createWebhook(deps, admin, tenant.projectId, { url: WEBHOOK_URL, events: ['run.failed'] })).id;
  for (const [path, file] of [
    ['/servers/{id}', 'servers/[id]/route'],
    ['/projects/{id}/servers', 'projects/[id]/servers/route'],
    ['/webhooks/{id}', 'webhooks/[id]/route'],
    ['/projects/{id}/webhooks', 'projects/[id]/webhooks/route'],
  ] as const) {
    const module = (await import(/* @vite-ignore */ `${WEB_SRC}app/api/v1/${file}.ts`)) as { GET: Handler };
    routes.set(path, module.GET);
  }
  for (const file of [
    'servers/[serverId]/page',
    'projects/[projectId]/page',
    'settings/webhooks/page',
    'settings/webhooks/[webhookId]/page',
  ]) {
    const module = (await import(/* @vite-ignore */ `${WEB_SRC}app/o/[org]/${file}.tsx`)) as { default: Page };
    pages.set(file, module.default);
  }
});

async function apiGet(path: string, id: string, scope: Permission): Promise<string> {
  const response = await routes.get(path)!(
    new Request(`http://localhost/api/v1${path.replace('{id}', id)}`, {
      headers: { authorization: `Bearer ${tenant.tokens[scope]}` },
    }),
    { params: Promise.resolve({ id }) },
  );
  expect(response.status, `${path} with a ${scope} token`).toBe(200);
  return response.text();
}

/** The element tree a page returns, as text (functions by name, cycles cut). */
function walk(value: unknown, seen = new Set<object>()): unknown {
  if (value === null || typeof value !== 'object') return typeof value === 'function' ? `[fn]` : value;
  if (seen.has(value)) return '[cycle]';
  seen.add(value);
  try {
    if (isValidElement(value)) return { props: walk((value as { props: unknown }).props, seen) };
    if (Array.isArray(value)) return value.map((item) => walk(item, seen));
    if (value instanceof Date) return value.toISOString();
    const proto = Object.getPrototypeOf(value) as object | null;
    if (proto !== Object.prototype && proto !== null) return '[object]';
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, seen)]));
  } finally {
    seen.delete(value);
  }
}

async function renderAs(role: RoleName, file: string, params: Record<string, string>): Promise<string> {
  const user = await addMember(testDb.db, tenant.tenantId, role);
  const element = await sessions.run(user, () =>
    pages.get(file)!({ params: Promise.resolve({ org: tenant.slug, ...params }), searchParams: Promise.resolve({}) }),
  );
  return JSON.stringify(walk(element));
}

describe('the REST API', () => {
  // Who may change servers (write and admin scopes) and webhooks (admin) sees their URLs whole.
  const cases: [Permission, boolean, boolean][] = [
    ['read', false, false],
    ['run', false, false],
    ['write', true, false],
    ['admin', true, true],
  ];
  it.each(cases)('a %s token: server URL whole %s, webhook URL whole %s', async (scope, serverWhole, webhookWhole) => {
    for (const text of [
      await apiGet('/servers/{id}', serverId, scope),
      await apiGet('/projects/{id}/servers', tenant.projectId, scope),
    ]) {
      if (serverWhole) expect(text).toContain(JSON.stringify(SERVER_URL).slice(1, -1));
      else {
        expect(text).not.toContain(SERVER_KEY);
        expect(text).toContain('http://127.0.0.1:9/mcp?***');
      }
    }
    for (const text of [
      await apiGet('/webhooks/{id}', webhookId, scope),
      await apiGet('/projects/{id}/webhooks', tenant.projectId, scope),
    ]) {
      if (webhookWhole) expect(text).toContain(WEBHOOK_KEY);
      else {
        expect(text).not.toContain(WEBHOOK_KEY);
        expect(text).toContain('https://hooks.example.test/in?***');
      }
    }
  });
});

describe('the pages', () => {
  it('show a VIEWER masked server URLs (server and project pages), a MEMBER whole', async () => {
    const pagesOfServer: [string, Record<string, string>][] = [
      ['servers/[serverId]/page', { serverId }],
      ['projects/[projectId]/page', { projectId: tenant.projectId }],
    ];
    for (const [file, params] of pagesOfServer) {
      const viewer = await renderAs('VIEWER', file, params);
      expect(viewer, file).not.toContain(SERVER_KEY);
      expect(viewer, file).toContain('?***');
      // A MEMBER edits servers: the same page shows the URL whole.
      expect(await renderAs('MEMBER', file, params), file).toContain(SERVER_KEY);
    }
  });

  it('show VIEWERs and MEMBERs masked webhook URLs; ADMINs, who edit them, whole', async () => {
    const pagesOfWebhook: [string, Record<string, string>][] = [
      ['settings/webhooks/page', {}],
      ['settings/webhooks/[webhookId]/page', { webhookId }],
    ];
    for (const [file, params] of pagesOfWebhook) {
      for (const role of ['VIEWER', 'MEMBER'] as const) {
        const text = await renderAs(role, file, params);
        expect(text, `${file} as ${role}`).not.toContain(WEBHOOK_KEY);
        expect(text, `${file} as ${role}`).toContain('?***');
      }
      expect(await renderAs('ADMIN', file, params), file).toContain(WEBHOOK_KEY);
    }
  });
});
