import type { FinalRunStatusValue } from '../run/run-transitions';

/** What one finished run adds to its suite's day (the SuiteDay rollup's counters). */
export interface SuiteDayIncrement {
  runs: number;
  passedRuns: number;
  failedRuns: number;
  errorRuns: number;
  cancelledRuns: number;
  assertions: number;
  passedAssertions: number;
  failedAssertions: number;
  durationMs: number;
}

export interface FinishedRunForRollup {
  status: FinalRunStatusValue;
  /** The run's summary as stored on it (Run.total, passed, failed). */
  total: number;
  passed: number;
  failed: number;
  /** Run.durationMs: 0 for a run that never started. */
  durationMs: number;
}

/**
 * The increments of a finished run for its suite's daily rollup: a run counts once under its status, and its
 * assertions as the run's summary counts them, so a day's rollup equals the sum over its runs (the test reads both).
 */
export function suiteDayIncrement(run: FinishedRunForRollup): SuiteDayIncrement {
  return {
    runs: 1,
    passedRuns: run.status === 'PASSED' ? 1 : 0,
    failedRuns: run.status === 'FAILED' ? 1 : 0,
    errorRuns: run.status === 'ERROR' ? 1 : 0,
    cancelledRuns: run.status === 'CANCELLED' ? 1 : 0,
    assertions: run.total,
    passedAssertions: run.passed,
    failedAssertions: run.failed,
    durationMs: Math.max(0, Math.round(run.durationMs)),
  };
}
