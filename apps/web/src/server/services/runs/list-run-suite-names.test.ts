// Suite names for run lists across suites: by ids (a page of runs) or the first choices of the suite filter.
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../../../test/db';
import { useTestRedis } from '../../../../../../test/redis';
import { useRouteEnv } from '../../../../../../test/route-env';
import { seedSuite } from '../../../../../../test/worker';
import { listRunSuiteNames } from './list-run-suite-names';

const database = useTestDatabase();
const redis = useTestRedis();
useRouteEnv(database, redis);

const YAML = 'assertions:\n  - name: a\n    assert: { tool: t, expect: { not_error: true } }\n';

describe('listRunSuiteNames', () => {
  it('names suites by id or lists the first ones by name, never another tenant’s', async () => {
    const { getServiceDeps } = await import('@/server/services/get-service-deps');
    const deps = getServiceDeps();
    const first = await seedSuite(database.db, { serverUrl: 'http://127.0.0.1:9/mcp', yaml: YAML });
    const actor = { tenantId: first.tenantId };
    const second = await seedSuite(database.db, {
      serverUrl: 'http://127.0.0.1:9/mcp',
      yaml: YAML,
      tenantId: first.tenantId,
    });
    const other = await seedSuite(database.db, { serverUrl: 'http://127.0.0.1:9/mcp', yaml: YAML });
    await database.db.tenant(first.tenantId).suite.update({ where: { id: second.suiteId }, data: { name: 'alpha' } });
    await database.db.tenant(first.tenantId).suite.update({ where: { id: first.suiteId }, data: { name: 'beta' } });

    const choices = await listRunSuiteNames(deps, actor, { limit: 1 });
    expect(choices).toMatchObject({ items: [{ id: second.suiteId, name: 'alpha' }], truncated: true });
    const all = await listRunSuiteNames(deps, actor);
    expect(all.items.map((s) => s.name)).toEqual(['alpha', 'beta']);
    expect(all.truncated).toBe(false);

    const named = await listRunSuiteNames(deps, actor, { ids: [first.suiteId, other.suiteId] });
    expect(named.items).toEqual([{ id: first.suiteId, name: 'beta', projectName: expect.any(String) }]);
    expect(await listRunSuiteNames(deps, actor, { ids: [] })).toEqual({ items: [], truncated: false });
  });
});
