import { evaluateSlo, newSloBreaches, parseSloBreaches, type SloBreach, type SloConfig } from '@mcptest/core';
import { findLatencySamples, findLatencyWindow, type TenantDb } from '@mcptest/db';

export interface RunSloJudgement {
  /** Every target not met over the window (stored as `Run.sloBreaches`). */
  breaches: SloBreach[];
  /** Those the previous finished run did not have: `slo.breached` is raised for them. */
  raised: SloBreach[];
}

/**
 * Judges a finishing run's suite SLO over the suite's last `over` finished runs, this one included (its results are
 * stored, it is not finished yet): the `over - 1` latest others and this run's samples. The previous run's stored
 * breaches tell which are new (`newSloBreaches`). Two runs of one suite finishing at the same moment may both see the
 * same previous run and raise the same breach; suites run one at a time in practice, and a duplicate is harmless.
 */
export async function evaluateRunSlo(
  db: TenantDb,
  input: { runId: string; suiteId: string; slo: SloConfig },
): Promise<RunSloJudgement> {
  // At least one earlier run even with `over: 1`: the previous run says whether a breach is new.
  const earlier = await findLatencyWindow(db, {
    scope: { suiteId: input.suiteId },
    runs: Math.max(1, input.slo.over - 1),
    excludeRunId: input.runId,
  });
  const previous = earlier.at(-1);
  const own = (await findLatencySamples(db, [input.runId])).get(input.runId) ?? [];
  // evaluateSlo keeps the last `over` runs: this one and the `over - 1` before it.
  const { breaches } = evaluateSlo(input.slo, [...earlier, { runId: input.runId, samples: own }]);
  const raised = newSloBreaches(previous === undefined ? null : parseSloBreaches(previous.sloBreaches), breaches);
  return { breaches, raised };
}
