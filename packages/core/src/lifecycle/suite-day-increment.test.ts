import { describe, expect, it } from 'vitest';
import { suiteDayIncrement } from './suite-day-increment';

describe('suiteDayIncrement', () => {
  it.each([
    [
      { status: 'PASSED', total: 10, passed: 10, failed: 0, durationMs: 1200.4 },
      {
        passedRuns: 1,
        failedRuns: 0,
        errorRuns: 0,
        cancelledRuns: 0,
        assertions: 10,
        passedAssertions: 10,
        failedAssertions: 0,
        durationMs: 1200,
      },
    ],
    [
      { status: 'FAILED', total: 10, passed: 7, failed: 2, durationMs: 900 },
      {
        passedRuns: 0,
        failedRuns: 1,
        errorRuns: 0,
        cancelledRuns: 0,
        assertions: 10,
        passedAssertions: 7,
        failedAssertions: 2,
        durationMs: 900,
      },
    ],
    [
      { status: 'ERROR', total: 0, passed: 0, failed: 0, durationMs: -5 },
      {
        passedRuns: 0,
        failedRuns: 0,
        errorRuns: 1,
        cancelledRuns: 0,
        assertions: 0,
        passedAssertions: 0,
        failedAssertions: 0,
        durationMs: 0,
      },
    ],
    [
      { status: 'CANCELLED', total: 3, passed: 1, failed: 0, durationMs: 400 },
      {
        passedRuns: 0,
        failedRuns: 0,
        errorRuns: 0,
        cancelledRuns: 1,
        assertions: 0,
        passedAssertions: 0,
        failedAssertions: 0,
        durationMs: 0,
      },
    ],
  ] as const)('%j', (run, expected) => {
    expect(suiteDayIncrement(run)).toEqual({ runs: 1, ...expected });
  });
});
