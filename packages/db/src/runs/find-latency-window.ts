import type { LatencySample, RunLatencySamples } from '@mcptest/core';
import type { TenantClient } from '../tenant/tenant-scope';

/** A run of a latency window: its samples, and the SLO breaches it stored (null when it was not judged). */
export interface LatencyWindowRun extends RunLatencySamples {
  sloBreaches: unknown;
}

export interface FindLatencyWindowInput {
  /** The runs of one suite, or of every suite of one server. */
  scope: { suiteId: string } | { serverId: string };
  /** How many of the latest finished runs. */
  runs: number;
  /** A run left out (the run being finished, whose samples the worker reads with `findLatencySamples`). */
  excludeRunId?: string | undefined;
}

/**
 * The latest finished runs that tested their server (passed or failed: an outage or a cancel measures nothing), oldest
 * first, with their latency samples. The one query behind the SLO a finishing run is judged by (the worker) and the
 * latency the suite and server pages and the API show, so they can never disagree on which runs or calls count.
 */
export async function findLatencyWindow(
  db: Pick<TenantClient, 'run' | 'assertionResult'>,
  input: FindLatencyWindowInput,
): Promise<LatencyWindowRun[]> {
  if (input.runs <= 0) return [];
  const rows = await db.run.findMany({
    where: {
      ...input.scope,
      status: { in: ['PASSED', 'FAILED'] },
      finishedAt: { not: null },
      ...(input.excludeRunId === undefined ? {} : { id: { not: input.excludeRunId } }),
    },
    orderBy: [{ finishedAt: 'desc' }, { id: 'desc' }],
    take: input.runs,
    select: { id: true, finishedAt: true, sloBreaches: true },
  });
  const samples = await findLatencySamples(
    db,
    rows.map((r) => r.id),
  );
  return rows.reverse().map((r) => ({
    runId: r.id,
    finishedAt: r.finishedAt,
    sloBreaches: r.sloBreaches,
    samples: samples.get(r.id) ?? [],
  }));
}

/**
 * The latency samples of runs, by run: the duration of each PASS or FAIL result of an assertion that called a tool
 * (executed under the policy: a refused, generate-only or skipped call measured nothing). The duration is the
 * assertion's: the session, the listing, its setup steps and the call, as the run page shows it.
 */
export async function findLatencySamples(
  db: Pick<TenantClient, 'assertionResult'>,
  runIds: readonly string[],
): Promise<Map<string, LatencySample[]>> {
  const byRun = new Map<string, LatencySample[]>();
  if (runIds.length === 0) return byRun;
  const results = await db.assertionResult.findMany({
    where: {
      runId: { in: [...runIds] },
      status: { in: ['PASS', 'FAIL'] },
      tool: { not: null },
      decision: { in: ['EXECUTE', 'EXECUTE_ONCE'] },
    },
    orderBy: [{ createdAt: 'asc' }, { trial: 'asc' }],
    select: { runId: true, tool: true, durationMs: true },
  });
  for (const r of results) {
    const list = byRun.get(r.runId) ?? [];
    list.push({ tool: r.tool as string, durationMs: r.durationMs });
    byRun.set(r.runId, list);
  }
  return byRun;
}
