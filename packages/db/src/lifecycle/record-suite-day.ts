import { startOfUtcDay, suiteDayIncrement, type FinishedRunForRollup } from '@mcptest/core';
import type { TenantClient } from '../tenant/tenant-scope';

/**
 * Adds a finished run to its suite's SuiteDay rollup, inside finishRun's transaction (so the rollup counts a run
 * exactly when the run ended, and a rolled-back finish adds nothing). Three race-free statements instead of an upsert:
 * the day's row is created if missing with ON CONFLICT DO NOTHING (two runs of one suite finishing at once never fail
 * on the unique key), then incremented in place (the row lock serializes concurrent finishers), then the day's maximum
 * raised when this run is longer.
 */
export async function recordSuiteDay(
  tx: Pick<TenantClient, 'suiteDay'>,
  input: { tenantId: string; suiteId: string; finishedAt: Date; run: FinishedRunForRollup },
): Promise<void> {
  const day = startOfUtcDay(input.finishedAt);
  const inc = suiteDayIncrement(input.run);
  const where = { suiteId: input.suiteId, day };
  await tx.suiteDay.createMany({
    data: [{ tenantId: input.tenantId, suiteId: input.suiteId, day }],
    skipDuplicates: true,
  });
  await tx.suiteDay.updateMany({
    where,
    data: {
      runs: { increment: inc.runs },
      passedRuns: { increment: inc.passedRuns },
      failedRuns: { increment: inc.failedRuns },
      errorRuns: { increment: inc.errorRuns },
      cancelledRuns: { increment: inc.cancelledRuns },
      assertions: { increment: inc.assertions },
      passedAssertions: { increment: inc.passedAssertions },
      failedAssertions: { increment: inc.failedAssertions },
      durationSumMs: { increment: inc.durationMs },
    },
  });
  await tx.suiteDay.updateMany({
    where: { ...where, durationMaxMs: { lt: inc.durationMs } },
    data: { durationMaxMs: inc.durationMs },
  });
}
