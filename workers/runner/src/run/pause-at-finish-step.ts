import type { Logger } from 'pino';
import type { RunFinishStep } from '@mcptest/redis';

/**
 * The test seam of run completion (MCPTEST_TEST_PAUSE_AT, test mode only): every run that reaches `step` stops there
 * for good, logging `test pause`, so a crash test can kill the process at exactly that point. Undefined (no seam) when
 * no step is set.
 */
export function pauseAtFinishStep(
  step: RunFinishStep | undefined,
  logger: Logger,
): ((reached: RunFinishStep) => Promise<void>) | undefined {
  if (step === undefined) return undefined;
  return async (reached) => {
    if (reached !== step) return;
    logger.warn({ step }, 'test pause');
    await new Promise<never>(() => {});
  };
}
