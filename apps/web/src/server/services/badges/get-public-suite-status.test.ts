// The public status page's data against real Postgres: the badge's verdict, a short history, and nothing private.
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../../../test/db';
import { addRun, seedBadgeSuite, suiteBadgeKey } from './badge-test-helpers';
import { getPublicSuiteStatus, PUBLIC_STATUS_HISTORY } from './get-public-suite-status';

const database = useTestDatabase();
const SERVER_URL = 'http://127.0.0.1:9/private-mcp-path?api_key=hunter2';

describe('getPublicSuiteStatus', () => {
  it('shows the latest finished run (as the badge does) and the last runs, skipping cancelled and unfinished', async () => {
    const seeded = await seedBadgeSuite(database.db, SERVER_URL);
    const runIds = [
      await addRun(database.db, seeded, { status: 'PASSED' }),
      await addRun(database.db, seeded, { status: 'ERROR', total: 0 }),
      await addRun(database.db, seeded, { status: 'FAILED', failed: 2, total: 7 }),
      await addRun(database.db, seeded, { status: 'CANCELLED' }),
      await addRun(database.db, seeded, { status: 'RUNNING' }),
    ] as const;
    await database.db
      .tenant(seeded.tenantId)
      .run.updateMany({ where: { id: runIds[1] }, data: { error: `could not reach ${SERVER_URL}` } });
    const key = await suiteBadgeKey(database.db, seeded);
    const status = await getPublicSuiteStatus({ db: database.db }, key);
    expect(status?.latest).toMatchObject({ status: 'failed', failed: 2, passed: 5, total: 7 });
    expect(status?.history.map((r) => r.status)).toEqual(['failed', 'error', 'passed']);
    const suite = await database.db.tenant(seeded.tenantId).suite.findFirstOrThrow({ where: { id: seeded.suiteId } });
    expect(status?.suiteName).toBe(suite.name);
    // Only these fields, whatever the rows hold: no ids, no server, no error text, no tenant or project.
    expect(Object.keys(status!).sort()).toEqual(['history', 'latest', 'suiteName']);
    expect(Object.keys(status!.latest!).sort()).toEqual(
      ['durationMs', 'failed', 'finishedAt', 'passed', 'skipped', 'status', 'total'].sort(),
    );
    const text = JSON.stringify(status);
    for (const secret of [
      ...runIds,
      seeded.suiteId,
      seeded.serverId,
      seeded.projectId,
      seeded.tenantId,
      'private-mcp-path',
      'hunter2',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it(`keeps ${PUBLIC_STATUS_HISTORY} runs, and says "no runs" as null`, async () => {
    const seeded = await seedBadgeSuite(database.db);
    const key = await suiteBadgeKey(database.db, seeded);
    expect(await getPublicSuiteStatus({ db: database.db }, key)).toMatchObject({ latest: null, history: [] });
    for (let i = 0; i < PUBLIC_STATUS_HISTORY + 2; i += 1) await addRun(database.db, seeded, { status: 'PASSED' });
    expect((await getPublicSuiteStatus({ db: database.db }, key))?.history).toHaveLength(PUBLIC_STATUS_HISTORY);
  });

  it('finds nothing by suite id, by an unknown key, or by a key with characters keys never have', async () => {
    const seeded = await seedBadgeSuite(database.db);
    await addRun(database.db, seeded, { status: 'PASSED' });
    const key = await suiteBadgeKey(database.db, seeded);
    for (const wrong of [seeded.suiteId, `${key}x`, key.slice(1), '', 'a\u0000b', `${key}/..`, 'x'.repeat(200)]) {
      expect(await getPublicSuiteStatus({ db: database.db }, wrong), JSON.stringify(wrong)).toBeNull();
    }
  });
});
