// "Save and run" in the suite editor, called as the browser calls it (the form's fields plus the pressed button's
// intent) over real Postgres and Redis: a save then a queued manual run of the saved version, and the page it opens.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestDatabase } from '../../../../../../../../../test/db';
import { seedTenant, SUITE_YAML, type TenantFixture } from '../../../../../../../../../test/isolation/tenant-fixture';
import { useTestRedis } from '../../../../../../../../../test/redis';
import { useRouteEnv } from '../../../../../../../../../test/route-env';
import type { ServiceDeps } from '@/server/services/service-deps';
import type { updateSuiteAction as UpdateSuiteAction } from './actions';

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
let updateSuiteAction: typeof UpdateSuiteAction;

beforeAll(async () => {
  vi.stubEnv('__NEXT_EXPERIMENTAL_AUTH_INTERRUPTS', 'true');
  const { getServiceDeps } = await import('@/server/services/get-service-deps');
  deps = getServiceDeps();
  ({ updateSuiteAction } = await import('./actions'));
  tenant = await seedTenant(deps, {
    name: 'Save and run',
    marker: 'save-run',
    serverUrl: 'https://mcp.example.test/mcp',
  });
});

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

/** The action's outcome: its state, or where its redirect() goes. */
async function call(fields: Record<string, string>): Promise<unknown> {
  try {
    return await updateSuiteAction(null, form(fields));
  } catch (error) {
    const digest = String((error as { digest?: unknown }).digest ?? '');
    if (digest.startsWith('NEXT_REDIRECT')) return { redirect: digest.split(';')[2] };
    throw error;
  }
}

describe('updateSuiteAction with intent=run (Save and run)', () => {
  it('saves a new version, queues a MANUAL run of it, and opens the run', async () => {
    session.user = tenant.users.MEMBER;
    const suite = await deps.db.tenant(tenant.tenantId).suite.findFirstOrThrow({ where: { id: tenant.suiteId } });
    const yaml = SUITE_YAML.replace('name: search', 'name: saved then run');
    const outcome = await call({
      org: tenant.slug,
      suiteId: tenant.suiteId,
      baseVersion: String(suite.version),
      name: suite.name,
      serverId: suite.serverId,
      yaml,
      intent: 'run',
    });
    const runs = await deps.db
      .tenant(tenant.tenantId)
      .run.findMany({ where: { suiteId: tenant.suiteId, trigger: 'MANUAL' }, orderBy: { createdAt: 'desc' } });
    expect(outcome).toEqual({ redirect: `/o/${tenant.slug}/runs/${runs[0]!.id}` });
    expect(runs[0]).toMatchObject({ status: 'QUEUED', suiteVersion: suite.version + 1 });
  });

  it('queues nothing when the save is refused, and Save alone queues nothing', async () => {
    session.user = tenant.users.MEMBER;
    const suite = await deps.db.tenant(tenant.tenantId).suite.findFirstOrThrow({ where: { id: tenant.suiteId } });
    const before = await deps.db.tenant(tenant.tenantId).run.count({ where: { suiteId: tenant.suiteId } });
    const base = {
      org: tenant.slug,
      suiteId: tenant.suiteId,
      name: suite.name,
      serverId: suite.serverId,
      yaml: suite.yaml,
    };
    // A stale base version is a conflict: nothing saved, nothing run.
    expect(await call({ ...base, baseVersion: '1', yaml: `${suite.yaml}# x\n`, intent: 'run' })).toMatchObject({
      ok: false,
    });
    expect(await call({ ...base, baseVersion: String(suite.version) })).toMatchObject({ ok: true });
    expect(await deps.db.tenant(tenant.tenantId).run.count({ where: { suiteId: tenant.suiteId } })).toBe(before);
  });

  it('a VIEWER can neither save nor run', async () => {
    session.user = tenant.users.VIEWER;
    const suite = await deps.db.tenant(tenant.tenantId).suite.findFirstOrThrow({ where: { id: tenant.suiteId } });
    const outcome = await call({
      org: tenant.slug,
      suiteId: tenant.suiteId,
      baseVersion: String(suite.version),
      name: suite.name,
      serverId: suite.serverId,
      yaml: suite.yaml,
      intent: 'run',
    });
    expect(outcome).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });
});
