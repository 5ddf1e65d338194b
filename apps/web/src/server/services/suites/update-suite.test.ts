// Editing a suite two people have open: a save made on an older version is refused (409) instead of overwriting the
// other save, and two saves racing on the same version cannot both win.
import { nextScheduleFireAt } from '@mcptest/core';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../../../test/db';
import { useTestRedis } from '../../../../../../test/redis';
import { seedSuite } from '../../../../../../test/worker';
import { listSuiteVersions } from './list-suite-versions';
import { testServiceDeps } from '@/server/services/test-service-deps';
import { createSuite } from './create-suite';
import { updateSuite } from './update-suite';

const database = useTestDatabase();
const redis = useTestRedis();
const deps = testServiceDeps(database, redis);
const yaml = (tool: string) => `assertions:\n  - name: a\n    assert: { tool: ${tool}, expect: { not_error: true } }\n`;

describe('updateSuite', () => {
  it('refuses an edit based on an older version with a conflict that names the current one, saving nothing', async () => {
    const seeded = await seedSuite(database.db, { serverUrl: 'http://127.0.0.1:9/mcp', yaml: yaml('one') });
    const actor = { tenantId: seeded.tenantId };
    // Alice and Bob both opened version 1; Alice saves first.
    const alice = await updateSuite(deps, actor, seeded.suiteId, { baseVersion: 1, yaml: yaml('alice') });
    expect(alice.version).toBe(2);
    const bob = updateSuite(deps, actor, seeded.suiteId, { baseVersion: 1, yaml: yaml('bob'), name: 'bob was here' });
    await expect(bob).rejects.toMatchObject({
      code: 'conflict',
      status: 409,
      message: expect.stringContaining('it is now at version 2'),
      details: [{ path: 'baseVersion', message: 'the suite is at version 2' }],
    });
    const history = await listSuiteVersions(deps, actor, seeded.suiteId);
    expect(history.items.map((v) => v.yaml)).toEqual([yaml('alice'), yaml('one')]);
    // On the current version Bob's save goes through; without baseVersion (API clients) the last save wins as before.
    expect((await updateSuite(deps, actor, seeded.suiteId, { baseVersion: 2, yaml: yaml('bob') })).version).toBe(3);
    expect((await updateSuite(deps, actor, seeded.suiteId, { yaml: yaml('api') })).version).toBe(4);
  });

  it('never lets racing saves claim one version: each makes the next version or gets a conflict', async () => {
    const seeded = await seedSuite(database.db, { serverUrl: 'http://127.0.0.1:9/mcp', yaml: yaml('one') });
    const actor = { tenantId: seeded.tenantId };
    const saves = await Promise.allSettled(
      ['a', 'b', 'c', 'd'].map((who) => updateSuite(deps, actor, seeded.suiteId, { yaml: yaml(who) })),
    );
    const won = saves.filter((s) => s.status === 'fulfilled');
    const lost = saves.filter((s): s is PromiseRejectedResult => s.status === 'rejected');
    expect(won.length).toBeGreaterThanOrEqual(1);
    for (const failure of lost) expect(failure.reason).toMatchObject({ code: 'conflict' });
    // Every version number is taken once, and the suite's YAML is the last saved version's.
    const history = await listSuiteVersions(deps, actor, seeded.suiteId);
    expect(history.items.map((v) => v.version)).toEqual(
      Array.from({ length: won.length + 1 }, (_, i) => won.length + 1 - i),
    );
  });

  it('pauses the schedule alone: the cron is kept, not armed, no next runs, and the suite stays enabled', async () => {
    const seeded = await seedSuite(database.db, { serverUrl: 'http://127.0.0.1:9/mcp', yaml: yaml('one') });
    const actor = { tenantId: seeded.tenantId };
    // Armed: the row's nextFireAt, which the worker's schedule ticker fires, is the schedule's next slot.
    const scheduled = async () => {
      const row = await database.db
        .tenant(seeded.tenantId)
        .suite.findFirst({ where: { id: seeded.suiteId }, select: { nextFireAt: true } });
      if (!row?.nextFireAt) return false;
      const slot = nextScheduleFireAt({
        suiteId: seeded.suiteId,
        cron: '0 9 * * *',
        timezone: 'Europe/Berlin',
        afterMs: row.nextFireAt.getTime() - 1,
      });
      expect(row.nextFireAt.getTime()).toBe(slot);
      return true;
    };
    const on = await updateSuite(deps, actor, seeded.suiteId, { schedule: '0 9 * * *', timezone: 'Europe/Berlin' });
    expect(on).toMatchObject({ enabled: true, scheduleEnabled: true, schedule: '0 9 * * *' });
    expect(on.nextRuns.length).toBeGreaterThan(0);
    expect(await scheduled()).toBe(true);

    const paused = await updateSuite(deps, actor, seeded.suiteId, { scheduleEnabled: false });
    expect(paused).toMatchObject({ enabled: true, scheduleEnabled: false, schedule: '0 9 * * *' });
    expect(paused.nextRuns).toEqual([]);
    expect(await scheduled()).toBe(false);

    const resumed = await updateSuite(deps, actor, seeded.suiteId, { scheduleEnabled: true });
    expect(resumed.nextRuns.length).toBeGreaterThan(0);
    expect(await scheduled()).toBe(true);
  });

  it('arms a suite created with a schedule, and a disabled one not at all', async () => {
    const seeded = await seedSuite(database.db, {
      serverUrl: 'http://127.0.0.1:9/mcp',
      yaml: yaml('one'),
      plan: 'TEAM',
    });
    const actor = { tenantId: seeded.tenantId };
    const input = { name: 'nightly', serverId: seeded.serverId, yaml: yaml('one'), schedule: '0 3 * * *' };
    const on = await createSuite(deps, actor, seeded.projectId, input);
    const off = await createSuite(deps, actor, seeded.projectId, { ...input, name: 'off', enabled: false });
    const row = (id: string) =>
      database.db.tenant(seeded.tenantId).suite.findFirst({ where: { id }, select: { nextFireAt: true } });
    const armed = (await row(on.id))?.nextFireAt;
    expect(armed?.getTime()).toBe(
      nextScheduleFireAt({ suiteId: on.id, cron: '0 3 * * *', timezone: 'UTC', afterMs: armed!.getTime() - 1 }),
    );
    expect(armed!.getTime()).toBeGreaterThan(Date.now());
    expect((await row(off.id))?.nextFireAt).toBeNull();
  });
});
