import { listKeys } from '../scan-keys';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestRedis } from '../../../../test/redis';
import { createRedis, type Redis } from '../redis';
import { createFairAdmission, type AdmittedRun, type FairAdmission } from './fair-admission';

const testRedis = useTestRedis();
let seq = 0;
const CONNECTIONS = 4;

/** Four connections of their own: their scripts reach Redis interleaved, as from four worker processes. */
const connections: Redis[] = Array.from({ length: CONNECTIONS }, (_, i) =>
  createRedis({ url: testRedis.url, name: `mcptest-fair-race-${i}` }),
);
afterAll(() => connections.forEach((c) => c.disconnect()));

function admissions(prefix: string): FairAdmission[] {
  return connections.map((redis) => createFairAdmission({ redis, prefix }));
}

/** Ten tenants with caps 1..4 and 30 runs each, queued through the test's own connection. */
async function fillPool(prefix: string): Promise<Map<string, number>> {
  const loader = createFairAdmission({ redis: testRedis.redis, prefix });
  const caps = new Map<string, number>();
  for (let t = 0; t < 10; t += 1) caps.set(`T${t}`, 1 + (t % 4));
  for (let i = 0; i < 30; i += 1) {
    await Promise.all([...caps].map(([tenantId, cap]) => loader.push({ tenantId, runId: `${tenantId}-${i}`, cap })));
  }
  return caps;
}

function countBy(runs: AdmittedRun[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of runs) counts.set(r.tenantId, (counts.get(r.tenantId) ?? 0) + 1);
  return counts;
}

describe('fair admission across connections', () => {
  it('admits exactly each tenant’s cap, never a run twice, when 4 connections race 200 admissions', async () => {
    const prefix = `${testRedis.prefix}:r${(seq += 1)}`;
    const caps = await fillPool(prefix);
    // 50 admissions in flight on each connection at once (pipelined), against 25 free slots in all.
    const results = await Promise.all(
      admissions(prefix).map((fair) => Promise.all(Array.from({ length: 50 }, () => fair.admitNext()))),
    );
    const admitted = results.flat().filter((r): r is AdmittedRun => r !== null);

    expect(admitted).toHaveLength([...caps.values()].reduce((a, b) => a + b, 0));
    expect(new Set(admitted.map((r) => r.runId)).size).toBe(admitted.length);
    expect(countBy(admitted)).toEqual(caps);
    // Each tenant's admitted runs are its oldest.
    for (const [tenantId, cap] of caps) {
      const ids = admitted.filter((r) => r.tenantId === tenantId).map((r) => r.runId);
      expect(ids.sort()).toEqual(Array.from({ length: cap }, (_, i) => `${tenantId}-${i}`).sort());
    }
  });

  it('keeps every tenant within its cap while 4 connections admit and release until the pool drains', async () => {
    const prefix = `${testRedis.prefix}:r${(seq += 1)}`;
    const caps = await fillPool(prefix);
    const total = caps.size * 30;
    const observer = createFairAdmission({ redis: testRedis.redis, prefix });
    const seen = new Set<string>();
    let duplicates = 0;
    let overCap = 0;

    // Each connection runs 3 loops: admit one, check the tenant's slots in Redis, release it.
    const loops = admissions(prefix).flatMap((fair) =>
      [0, 1, 2].map(async () => {
        for (;;) {
          const run = await fair.admitNext();
          if (!run) {
            // Nothing admissible now; stop only once nothing is pending any more.
            if ((await observer.stats()).pending === 0) return;
            await new Promise((resolve) => setTimeout(resolve, 1));
            continue;
          }
          if (seen.has(run.runId)) duplicates += 1;
          seen.add(run.runId);
          // While this run holds its slot, the tenant's slots in Redis can only be at or under the cap.
          const active = await testRedis.redis.zcard(`${prefix}:{fair}:active:${run.tenantId}`);
          if (active > caps.get(run.tenantId)!) overCap += 1;
          await fair.release(run);
        }
      }),
    );
    await Promise.all(loops);

    expect(duplicates).toBe(0);
    expect(overCap).toBe(0);
    expect(seen.size).toBe(total);
    expect(await observer.stats()).toEqual({ pending: 0, active: 0, tenants: [] });
    expect(await listKeys(testRedis.redis, `${prefix}:*`)).toEqual([]);
  });
});
