// A real run finishing through the queue and an in-process worker invalidates the suite's and the project's badges.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedis, waitForRunFinished, type Redis } from '@mcptest/redis';
import { useTestDatabase } from '../../../../../../test/db';
import { useTestRedis } from '../../../../../../test/redis';
import { queueRun, startTestWorker, useWorkerMock } from '../../../../../../test/worker';
import { addSuite, seedBadgeSuite, suiteBadgeKey } from './badge-test-helpers';
import { ensureProjectBadgeKey } from './ensure-project-badge-key';
import { getProjectBadge } from './get-project-badge';
import { getSuiteBadge } from './get-suite-badge';
import type { BadgeDeps } from './serve-cached-badge';

const database = useTestDatabase();
const testRedis = useTestRedis();
const mock = useWorkerMock();
let worker: Awaited<ReturnType<typeof startTestWorker>>;
let blocking: Redis;

beforeAll(async () => {
  worker = await startTestWorker(database, testRedis);
  blocking = createRedis({ url: testRedis.url, name: 'badge-events' });
});
afterAll(async () => {
  await worker?.stop();
  blocking?.disconnect();
});

const deps = (): BadgeDeps => ({ db: database.db, redis: testRedis.redis, prefix: testRedis.prefix });
const read = async (get: typeof getSuiteBadge, badgeKey: string) => {
  const badge = await get(deps(), { badgeKey, format: 'json', style: 'flat' });
  return { cache: badge.cache, message: (JSON.parse(badge.body) as { message: string }).message };
};

const FAILING_YAML = `
name: failing
assertions:
  - name: finds apples
    assert: { tool: search, args: { q: apples }, expect: { contains: [found apples] } }
  - name: expects the wrong fruit
    assert: { tool: search, args: { q: pears }, expect: { contains: [found plums] } }
`;

/** Queues a run and waits for its run.finished event (published after the worker invalidated the badges). */
async function runToEnd(seeded: { tenantId: string; suiteId: string }): Promise<string> {
  const runId = await queueRun(database.db, testRedis, seeded);
  const finished = await waitForRunFinished(blocking, testRedis.prefix, runId, 20_000);
  expect(finished, `run ${runId} finished`).not.toBeNull();
  return finished!.status;
}

describe('badge invalidation by the worker', () => {
  it('shows a finished run at once on the suite and project badges, which were cached before it', async () => {
    const passing = await seedBadgeSuite(database.db, mock.url);
    const suiteKey = await suiteBadgeKey(database.db, passing);
    const projectKey = await ensureProjectBadgeKey(
      { db: database.db },
      { tenantId: passing.tenantId },
      passing.projectId,
    );
    expect(await read(getSuiteBadge, suiteKey)).toEqual({ cache: 'miss', message: 'no runs' });
    expect(await read(getSuiteBadge, suiteKey)).toEqual({ cache: 'hit', message: 'no runs' });
    expect(await read(getProjectBadge, projectKey)).toEqual({ cache: 'miss', message: 'no runs' });
    expect(await read(getProjectBadge, projectKey)).toEqual({ cache: 'hit', message: 'no runs' });

    expect(await runToEnd(passing)).toBe('passed');
    expect(await read(getSuiteBadge, suiteKey)).toEqual({ cache: 'miss', message: 'passing' });
    expect(await read(getProjectBadge, projectKey)).toEqual({ cache: 'miss', message: 'passing' });

    // A second suite of the project fails: its badge and the project's change, the first suite's stays cached.
    const failing = await addSuite(database.db, passing);
    await database.db.tenant(passing.tenantId).suite.update({
      where: { id: failing.suiteId },
      data: { yaml: FAILING_YAML },
    });
    await database.db.tenant(passing.tenantId).suiteVersion.create({
      data: { tenantId: passing.tenantId, suiteId: failing.suiteId, version: 1, yaml: FAILING_YAML },
    });
    expect(await read(getProjectBadge, projectKey)).toEqual({ cache: 'hit', message: 'passing' });
    expect(await runToEnd(failing)).toBe('failed');
    expect(await read(getSuiteBadge, failing.badgeKey)).toEqual({ cache: 'miss', message: 'failing 1/2' });
    expect(await read(getProjectBadge, projectKey)).toEqual({ cache: 'miss', message: 'failing 1/2' });
    expect(await read(getSuiteBadge, suiteKey)).toEqual({ cache: 'hit', message: 'passing' });
  });
});
