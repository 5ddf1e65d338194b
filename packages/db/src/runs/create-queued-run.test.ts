import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../test/db';
import { seedSuite } from '../../../../test/worker';
import { DbError } from '../errors';
import { createQueuedRun } from './create-queued-run';

const database = useTestDatabase();

describe('createQueuedRun', () => {
  it('creates a QUEUED run of the suite at its current version', async () => {
    const seeded = await seedSuite(database.db, { serverUrl: 'http://127.0.0.1:1/mcp', yaml: 'assertions: []\n' });
    const db = database.db.tenant(seeded.tenantId);
    const { run, created } = await createQueuedRun(db, { suiteId: seeded.suiteId, trigger: 'CI', branch: 'main' });
    expect(created).toBe(true);
    const row = await db.run.findFirstOrThrow({ where: { id: run.id } });
    expect(row).toMatchObject({
      status: 'QUEUED',
      trigger: 'CI',
      branch: 'main',
      suiteVersion: 1,
      projectId: seeded.projectId,
      serverId: seeded.serverId,
    });
  });

  it('returns the same run for the same idempotency key, also when 8 requests race', async () => {
    const seeded = await seedSuite(database.db, { serverUrl: 'http://127.0.0.1:1/mcp', yaml: 'assertions: []\n' });
    const db = database.db.tenant(seeded.tenantId);
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () =>
        createQueuedRun(db, { suiteId: seeded.suiteId, trigger: 'API', idempotencyKey: 'deploy-42' }),
      ),
    );
    expect(new Set(outcomes.map((o) => o.run.id)).size).toBe(1);
    expect(outcomes.filter((o) => o.created)).toHaveLength(1);
    expect(await db.run.count({ where: { suiteId: seeded.suiteId } })).toBe(1);
    const other = await createQueuedRun(db, { suiteId: seeded.suiteId, trigger: 'API', idempotencyKey: 'deploy-43' });
    expect(other.created).toBe(true);
  });

  it("refuses another tenant's suite as not found", async () => {
    const mine = await seedSuite(database.db, { serverUrl: 'http://127.0.0.1:1/mcp', yaml: 'assertions: []\n' });
    const theirs = await seedSuite(database.db, { serverUrl: 'http://127.0.0.1:1/mcp', yaml: 'assertions: []\n' });
    const error = await createQueuedRun(database.db.tenant(mine.tenantId), {
      suiteId: theirs.suiteId,
      trigger: 'API',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DbError);
    expect((error as DbError).code).toBe('not_found');
  });
});
