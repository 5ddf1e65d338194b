// The suite's one on/off switch in the UI (the schedule's box only pauses the schedule), called as the browser calls it
// over real Postgres and Redis: a disabled suite refuses "Run now", enabling it lets runs start again, and a VIEWER
// cannot flip it.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestDatabase } from '../../../../../../../../test/db';
import { seedTenant, type TenantFixture } from '../../../../../../../../test/isolation/tenant-fixture';
import { useTestRedis } from '../../../../../../../../test/redis';
import { useRouteEnv } from '../../../../../../../../test/route-env';
import type { ServiceDeps } from '@/server/services/service-deps';
import type { setSuiteEnabledAction as SetSuiteEnabledAction } from './enabled-action';
import type { runSuiteNowAction as RunSuiteNowAction } from './run-now-action';

const session = vi.hoisted(() => ({ user: null as { userId: string; email: string } | null }));
vi.mock('@/server/auth/get-session-actor', () => ({
  getSessionActor: () => Promise.resolve(session.user),
}));
vi.mock('next/cache', () => ({ revalidatePath: () => undefined, revalidateTag: () => undefined }));

const testDb = useTestDatabase();
const testRedis = useTestRedis();
useRouteEnv(testDb, testRedis);

let deps: ServiceDeps;
let tenant: TenantFixture;
let setSuiteEnabledAction: typeof SetSuiteEnabledAction;
let runSuiteNowAction: typeof RunSuiteNowAction;

beforeAll(async () => {
  vi.stubEnv('__NEXT_EXPERIMENTAL_AUTH_INTERRUPTS', 'true');
  const { getServiceDeps } = await import('@/server/services/get-service-deps');
  deps = getServiceDeps();
  ({ setSuiteEnabledAction } = await import('./enabled-action'));
  ({ runSuiteNowAction } = await import('./run-now-action'));
  tenant = await seedTenant(deps, { name: 'Switch', marker: 'switch', serverUrl: 'https://mcp.example.test/mcp' });
});

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

async function runNow(): Promise<unknown> {
  try {
    return await runSuiteNowAction(null, form({ org: tenant.slug, suiteId: tenant.suiteId }));
  } catch (error) {
    const digest = String((error as { digest?: unknown }).digest ?? '');
    if (digest.startsWith('NEXT_REDIRECT')) return { redirected: true };
    throw error;
  }
}

const enabledInDb = async () =>
  (await deps.db.tenant(tenant.tenantId).suite.findFirstOrThrow({ where: { id: tenant.suiteId } })).enabled;

describe('setSuiteEnabledAction', () => {
  it('disables the suite (Run now is refused), then enables it again (Run now starts a run)', async () => {
    session.user = tenant.users.MEMBER;
    const off = await setSuiteEnabledAction(
      null,
      form({ org: tenant.slug, suiteId: tenant.suiteId, enabled: 'false' }),
    );
    expect(off).toMatchObject({ ok: true, data: { enabled: false }, message: expect.stringMatching(/^Disabled/) });
    expect(await enabledInDb()).toBe(false);
    expect(await runNow()).toMatchObject({ ok: false });

    const on = await setSuiteEnabledAction(null, form({ org: tenant.slug, suiteId: tenant.suiteId, enabled: 'true' }));
    expect(on).toMatchObject({ ok: true, data: { enabled: true } });
    expect(await enabledInDb()).toBe(true);
    expect(await runNow()).toEqual({ redirected: true });
  });

  it('refuses a VIEWER and leaves the suite as it was', async () => {
    session.user = tenant.users.VIEWER;
    const outcome = await setSuiteEnabledAction(
      null,
      form({ org: tenant.slug, suiteId: tenant.suiteId, enabled: 'false' }),
    );
    expect(outcome).toMatchObject({ ok: false });
    expect(await enabledInDb()).toBe(true);
  });
});
