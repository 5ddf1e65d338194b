import { randomBytes } from 'node:crypto';
import { createRedis, createRedisCallBudget, type Redis } from '@mcptest/redis';
import { percentiles, rate, runAsync, type Benchmark, type BenchRow } from './lib/measure';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

interface BudgetCase {
  label: string;
  acquirers: number;
  /** Each acquirer has its own connection (like separate workers) or all share one (like one worker's jobs). */
  connections: 'own' | 'shared';
}

const CASES: readonly BudgetCase[] = [
  { label: '1 acquirer', acquirers: 1, connections: 'own' },
  { label: '8 acquirers, 8 connections', acquirers: 8, connections: 'own' },
  { label: '8 acquirers, 1 connection', acquirers: 8, connections: 'shared' },
];

/** Deletes every key under `prefix` (SCAN + DEL), returning how many were deleted. */
async function deleteKeys(redis: Redis, prefix: string): Promise<number> {
  let cursor = '0';
  let deleted = 0;
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
    cursor = next;
    if (keys.length > 0) deleted += await redis.del(...keys);
  } while (cursor !== '0');
  return deleted;
}

/**
 * The Redis call budget's acquire (one Lua script: check both limits, increment both counters), with every acquirer
 * racing for the same run and tenant keys. Limits are unset, so every acquisition succeeds and counts.
 */
export const callBudget: Benchmark = {
  name: 'call-budget',
  description: 'createRedisCallBudget acquire on the real Redis, 1 and 8 concurrent acquirers on the same run',
  async run(context) {
    const prefix = `mcptest-bench:${randomBytes(6).toString('hex')}`;
    const admin = createRedis({ url: REDIS_URL, name: 'mcptest-bench' });
    const connections: Redis[] = [];
    const rows: BenchRow[] = [];
    try {
      await admin.ping();
      for (const [index, benchCase] of CASES.entries()) {
        const runId = `run${index}`;
        const count = benchCase.connections === 'own' ? benchCase.acquirers : 1;
        const redises = Array.from({ length: count }, () => createRedis({ url: REDIS_URL, name: 'mcptest-bench' }));
        connections.push(...redises);
        await Promise.all(redises.map((redis) => redis.ping()));
        const budgets = Array.from({ length: benchCase.acquirers }, (_, i) =>
          createRedisCallBudget({ redis: redises[i % count]!, prefix, tenantId: 'bench', runId }),
        );
        let acquiredTotal = 0;
        let refused = 0;
        const measured = await runAsync(
          async (worker) => {
            const acquired = await budgets[worker]!.acquire();
            if (acquired.ok) acquiredTotal += 1;
            else refused += 1;
          },
          { durationMs: context.durationMs, workers: benchCase.acquirers },
        );
        // Every acquisition (warm-up included) must be on the run counter: none lost to the race.
        const used = await budgets[0]!.used();
        const notes: string[] = [];
        if (refused > 0) notes.push(`${refused} acquisitions refused (no limit was set)`);
        if (used !== acquiredTotal) notes.push(`run counter says ${used}, ${acquiredTotal} acquisitions succeeded`);
        rows.push({
          benchmark: 'call-budget',
          case: benchCase.label,
          rate: rate(measured.ops, measured.elapsedMs),
          unit: 'acquisitions',
          ops: measured.ops,
          latency: percentiles(measured.latencies),
          rss: measured.rss,
          ...(notes.length > 0 ? { note: notes.join('; ') } : {}),
        });
        for (const redis of redises) redis.disconnect();
      }
    } finally {
      try {
        const deleted = await deleteKeys(admin, prefix);
        context.log(`call-budget: deleted ${deleted} keys under ${prefix}`);
      } finally {
        for (const redis of connections) redis.disconnect();
        admin.disconnect();
      }
    }
    return rows;
  },
};
