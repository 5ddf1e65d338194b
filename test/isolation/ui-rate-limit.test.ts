// UI actions that reach out to a tenant's server are rate-limited like the API (issue 14, item 5): the real server
// actions, called in process with real Postgres and Redis, a real MCP server behind them, and the API's limits set low.
// The seams are those of action-matrix.test.ts: the session lookup and next/cache's revalidatePath.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ServiceDeps } from '../../apps/web/src/server/services/service-deps';
import { useTestDatabase } from '../db';
import { useTestRedis } from '../redis';
import { useRouteEnv } from '../route-env';
import { useWorkerMock } from '../worker';
import { seedTenant, type TenantFixture } from './tenant-fixture';

const sessions = await vi.hoisted(async () => {
  const { AsyncLocalStorage } = await import('node:async_hooks');
  return new AsyncLocalStorage<{ userId: string; email: string } | null>();
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

/** Per user per minute (the API's per-token limit); the tenant's limits stay high so the user's is the one met. */
const PER_USER = 3;

type Action = (previous: unknown, form: FormData) => Promise<{ ok: boolean; data?: unknown; error?: unknown }>;
let deps: ServiceDeps;
let tenant: TenantFixture;
let connectionAction: Action;

beforeAll(async () => {
  vi.stubEnv('API_RATE_LIMIT_PER_TOKEN', String(PER_USER));
  const { getServiceDeps } = await import('../../apps/web/src/server/services/get-service-deps');
  deps = getServiceDeps();
  tenant = await seedTenant(deps, { name: 'Rate A', marker: 'rate-a', serverUrl: mock.url });
  // Through a variable, as action-matrix.test.ts does: typing the module would pull Next's DOM types into this project.
  const module: string = '../../apps/web/src/app/o/[org]/servers/[serverId]/actions';
  const actions = (await import(/* @vite-ignore */ module)) as { connectionAction: Action };
  connectionAction = actions.connectionAction;
});

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

describe('UI actions that reach out', () => {
  it('refuses "Test connection" and "Discover" past the per-user limit, naming the limit and the wait', async () => {
    const as = (role: 'OWNER' | 'MEMBER') => (fn: () => Promise<unknown>) =>
      sessions.run(tenant.users[role], fn) as Promise<Awaited<ReturnType<Action>>>;
    const test = () => connectionAction(undefined, form({ org: tenant.slug, serverId: tenant.serverId, op: 'test' }));
    for (let i = 0; i < PER_USER; i += 1) {
      expect(await as('MEMBER')(test)).toMatchObject({ ok: true, data: { kind: 'connected' } });
    }
    const refused = await as('MEMBER')(test);
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: 'rate_limited',
        message: expect.stringMatching(/^rate limit of 3 requests per minute per user reached; retry in \d+ s$/),
      },
    });
    // Discover counts against the same allowance; another member of the tenant has an allowance of their own.
    const discover = () =>
      connectionAction(undefined, form({ org: tenant.slug, serverId: tenant.serverId, op: 'discover' }));
    expect(await as('MEMBER')(discover)).toMatchObject({ ok: false, error: { code: 'rate_limited' } });
    expect(await as('OWNER')(test)).toMatchObject({ ok: true, data: { kind: 'connected' } });
  });
});
