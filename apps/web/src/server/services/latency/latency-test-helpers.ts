import { seedRun, type Database } from '@mcptest/db';

/**
 * FOR TESTS: finished runs of a suite with tool-call results, as a worker leaves them. `runs[i]` lists the calls of the
 * i-th run (oldest first) as `[tool, durationMs]`; `breached` marks runs whose stored `sloBreaches` is not empty.
 */
export async function seedLatencyRuns(
  db: Database,
  seeded: { tenantId: string; suiteId: string },
  runs: { calls: [string, number][]; status?: 'PASSED' | 'FAILED' | 'ERROR'; breached?: boolean }[],
  start = new Date('2026-11-01T00:00:00Z'),
): Promise<string[]> {
  const tdb = db.tenant(seeded.tenantId);
  const ids: string[] = [];
  for (const [i, run] of runs.entries()) {
    const queuedAt = new Date(start.getTime() + i * 60_000);
    const { id } = await seedRun(tdb, { suiteId: seeded.suiteId, status: run.status ?? 'PASSED', queuedAt });
    if (run.breached)
      await tdb.run.update({
        where: { id },
        data: {
          sloBreaches: [{ tool: 'x', percentile: 'p95', targetMs: 1, observedMs: 2, samples: 5, runs: 5 }],
        },
      });
    await tdb.assertionResult.createMany({
      data: run.calls.map(([tool, durationMs], n) => ({
        tenantId: seeded.tenantId,
        runId: id,
        assertionKey: `a${n}`,
        name: `call ${n}`,
        status: 'PASS' as const,
        durationMs,
        tool,
        toolClass: 'READ_ONLY' as const,
        decision: 'EXECUTE' as const,
      })),
    });
    ids.push(id);
  }
  return ids;
}
