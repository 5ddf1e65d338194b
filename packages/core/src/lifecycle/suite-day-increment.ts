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

const NOTHING: SuiteDayIncrement = {
  runs: 0,
  passedRuns: 0,
  failedRuns: 0,
  errorRuns: 0,
  cancelledRuns: 0,
  assertions: 0,
  passedAssertions: 0,
  failedAssertions: 0,
  durationMs: 0,
};

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
 * A cancelled run counts as a run and nothing more: it was stopped on purpose, so its partial assertions and its
 * duration would read as a change of quality that is not there (the per-run trend leaves it out for the same reason).
 */
export function suiteDayIncrement(run: FinishedRunForRollup): SuiteDayIncrement {
  if (run.status === 'CANCELLED') {
    return { ...NOTHING, runs: 1, cancelledRuns: 1 };
  }
  return {
    runs: 1,
    passedRuns: run.status === 'PASSED' ? 1 : 0,
    failedRuns: run.status === 'FAILED' ? 1 : 0,
    errorRuns: run.status === 'ERROR' ? 1 : 0,
    cancelledRuns: 0,
    assertions: run.total,
    passedAssertions: run.passed,
    failedAssertions: run.failed,
    durationMs: Math.max(0, Math.round(run.durationMs)),
  };
}
