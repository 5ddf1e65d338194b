import type { Logger } from 'pino';
import type { RunFinishStep } from '@mcptest/redis';

/**
 * The test seam of run completion (MCPTEST_TEST_PAUSE_AT, test mode only): the first run to reach each listed step
 * stops there for good, logging `test pause`; later runs go past a step already taken. With as many runs as steps in
 * one process, every step holds one run, and a crash test kills the process at all of them at once. Undefined (no
 * seam) when no step is listed.
 */
export function pauseAtFinishSteps(
  steps: readonly RunFinishStep[],
  logger: Logger,
): ((reached: RunFinishStep, runId: string) => Promise<void>) | undefined {
  if (steps.length === 0) return undefined;
  const open = new Set(steps);
  return async (reached, runId) => {
    if (!open.delete(reached)) return;
    // The run id tells a crash test which runs had their webhook jobs queued before it kills the process.
    logger.warn({ step: reached, runId }, 'test pause');
    await new Promise<never>(() => {});
  };
}
