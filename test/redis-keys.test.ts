// Every Redis key mcptest writes either expires or belongs to a family whose count is bounded by something other than
// the number of requests (docs/operations.md "Redis keys"). A workload through a real worker and the web services
// (runs, cancel, badges with many labels, API rate limits, live event streams), then a SCAN of the file's prefix.
import { HOSTED_BADGE_STYLES } from '@mcptest/core';
import {
  cancelRun,
  createApiRateLimits,
  createFairAdmission,
  createRedis,
  createRunEventHub,
  scanKeys,
} from '@mcptest/redis';
import { createQueuedRun } from '@mcptest/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureProjectBadgeKey } from '../apps/web/src/server/services/badges/ensure-project-badge-key';
import { getProjectBadge } from '../apps/web/src/server/services/badges/get-project-badge';
import { getSuiteBadge } from '../apps/web/src/server/services/badges/get-suite-badge';
import { suiteBadgeKey } from '../apps/web/src/server/services/badges/badge-test-helpers';
import { useTestDatabase } from './db';
import { useTestRedis } from './redis';
import { queueRun, seedSuite, startTestWorker, useWorkerMock, waitForRunEnd } from './worker';

const database = useTestDatabase();
const testRedis = useTestRedis();
const mock = useWorkerMock();
let worker: Awaited<ReturnType<typeof startTestWorker>>;

beforeAll(async () => {
  worker = await startTestWorker(database, testRedis);
});
afterAll(async () => {
  await worker?.stop();
});

/**
 * Key families that live without a TTL, and what bounds their count (the same list as docs/operations.md). Any other
 * key must expire.
 */
const BOUNDED_WITHOUT_TTL: { family: string; pattern: RegExp; bound: string }[] = [
  {
    family: 'fair admission',
    pattern: /^\{fair\}:/,
    bound: 'pending and admitted runs (each capped by maxQueuedRuns and concurrentRuns per tenant), tenants with one',
  },
  {
    family: 'BullMQ',
    pattern: /^bull:\{[a-z]+\}:/,
    bound: 'jobs in flight; completed jobs removed, failed kept 7 days and at most 5,000',
  },
];

const SUITE = `
name: keys
assertions:
  - name: finds apples
    assert: { tool: search, args: { q: apples }, expect: { contains: [found apples] } }
`;

async function allKeys(): Promise<string[]> {
  const keys = await scanKeys(testRedis.redis, `${testRedis.prefix}:*`);
  return keys.map((k) => k.slice(testRedis.prefix.length + 1)).sort();
}

describe('Redis keys after a workload', () => {
  it('each key expires or is of a bounded family, and badge label variants add none', async () => {
    const { redis, prefix } = testRedis;
    const seeded = await seedSuite(database.db, { serverUrl: mock.url, yaml: SUITE, plan: 'TEAM' });
    // Two runs to the end (events, budgets, politeness, fair admission, BullMQ), one cancelled while queued.
    const finished: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const runId = await queueRun(database.db, testRedis, seeded, { cap: 4 });
      expect((await waitForRunEnd(database.db, runId)).status).toBe('PASSED');
      finished.push(runId);
    }
    // Their outboxes settled (after the status was written): a finished run keeps no budget counter.
    const tdb = database.db.tenant(seeded.tenantId);
    for (let waited = 0; ; waited += 100) {
      const open = await tdb.runOutbox.count({ where: { runId: { in: finished }, doneAt: null } });
      if (open === 0) break;
      if (waited > 20_000) throw new Error("the finished runs' outboxes were not settled");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const budgetKeys = (await allKeys()).filter((k) => /^\{t:[^}]+\}:budget:(requests:)?run:/.test(k));
    expect(budgetKeys.filter((k) => finished.some((id) => k.endsWith(`:${id}`)))).toEqual([]);
    const { run } = await createQueuedRun(database.db.tenant(seeded.tenantId), {
      suiteId: seeded.suiteId,
      trigger: 'API',
    });
    const cancelled = await cancelRun(
      {
        db: database.db.tenant(seeded.tenantId),
        redis,
        prefix,
        fair: createFairAdmission({ redis, prefix }),
        queues: worker.deps.queues,
        appUrl: worker.deps.webhooks.appUrl,
      },
      run.id,
    );
    expect(cancelled.outcome).toBe('cancelled');
    // A live event stream and a wait through the hub.
    const hub = createRunEventHub({
      prefix,
      commands: redis,
      connect: () => createRedis({ url: testRedis.url, name: 'keys-hub' }),
    });
    try {
      expect(await hub.waitForFinished('no-such-run', 100)).toBeNull();
    } finally {
      hub.close();
    }
    // API rate limits of a token and its tenant.
    const limits = createApiRateLimits({
      redis,
      prefix,
      perTokenPerMinute: 100,
      perTenantPerMinute: 100,
      triggersPerTenantPerMinute: 10,
    });
    await limits.consume({ tenantId: seeded.tenantId, tokenId: 't1', trigger: true, points: 3 });

    // Public badges, every style and format, suite and project.
    const deps = { db: database.db, redis, prefix };
    const suiteKey = await suiteBadgeKey(database.db, seeded);
    const projectKey = await ensureProjectBadgeKey(
      { db: database.db },
      { tenantId: seeded.tenantId },
      seeded.projectId,
    );
    const badges = async (label: (i: number) => string | undefined, n: number) => {
      for (let i = 0; i < n; i += 1) {
        const labelled = label(i);
        for (const style of HOSTED_BADGE_STYLES) {
          for (const format of ['svg', 'json'] as const) {
            const request = { format, style, ...(labelled === undefined ? {} : { label: labelled }) };
            await getSuiteBadge(deps, { badgeKey: suiteKey, ...request });
            await getProjectBadge(deps, { badgeKey: projectKey, ...request });
          }
        }
      }
    };
    await badges(() => undefined, 1);
    const before = await allKeys();

    // Anonymous requests with 20 labels each per style and format: no key more.
    await badges((i) => `label ${i}`, 20);
    const after = await allKeys();
    // (The worker's own keys come and go meanwhile: heartbeats, stalled checks.)
    const badgeKeys = (keys: string[]) => keys.filter((k) => k.startsWith('{badge}:'));
    expect(badgeKeys(after)).toEqual(badgeKeys(before));
    const badgeEntries = after.filter((k) => k.startsWith('{badge}:entry:'));
    expect(badgeEntries).toHaveLength(2 * HOSTED_BADGE_STYLES.length * 2);

    // Each key expires, or is of a family bounded otherwise.
    const families = new Set<string>();
    for (const key of after) {
      const ttl = await redis.pttl(`${prefix}:${key}`);
      const bounded = BOUNDED_WITHOUT_TTL.find((f) => f.pattern.test(key));
      if (bounded) families.add(bounded.family);
      // -2: it expired between the scan and now (a heartbeat, a rate window), which is what expiring keys do.
      expect(ttl > 0 || ttl === -2 || bounded !== undefined, `${key} has no TTL and is of no bounded family`).toBe(
        true,
      );
    }
    // The workload reached what it meant to (so the scan above saw real keys).
    for (const expected of [
      /^\{ev:\d+\}:run:.+:events$/,
      /^\{t:[^}]+\}:budget:day:/,
      /^ratelimit:/,
      /^\{badge\}:ver:/,
    ]) {
      expect(
        after.some((k) => expected.test(k)),
        String(expected),
      ).toBe(true);
    }
    expect([...families].sort()).toEqual(['BullMQ']);
  }, 120_000);
});
