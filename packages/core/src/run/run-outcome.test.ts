import { describe, expect, it } from 'vitest';
import { decideRunOutcome, shouldAdvanceBaseline, type BaselineCandidate } from './run-outcome';

const summary = (failed: number, skipped = 0) => ({ total: 3, passed: 3 - failed - skipped, failed, skipped });

describe('decideRunOutcome', () => {
  it.each([
    [{ summary: summary(0) }, { outcome: 'finish', status: 'passed' }],
    [{ summary: summary(1) }, { outcome: 'finish', status: 'failed' }],
    [{ summary: summary(0, 2) }, { outcome: 'finish', status: 'passed' }],
    [
      { summary: summary(0, 1), stoppedReason: 'call budget exhausted' },
      { outcome: 'finish', status: 'passed', error: 'call budget exhausted' },
    ],
    [
      { summary: summary(1), interruption: 'cancelled' as const },
      { outcome: 'finish', status: 'cancelled' },
    ],
    [
      { summary: summary(0), interruption: 'time_limit' as const },
      { outcome: 'finish', status: 'error' },
    ],
    [{ summary: summary(0), interruption: 'shutdown' as const }, { outcome: 'hand_back' }],
  ])('%j -> %j', (input, expected) => {
    expect(decideRunOutcome({ timeLimitSeconds: 60, ...input })).toMatchObject(expected);
  });

  it('names the time limit', () => {
    const outcome = decideRunOutcome({ summary: summary(0), interruption: 'time_limit', timeLimitSeconds: 90 });
    expect(outcome).toEqual({
      outcome: 'finish',
      status: 'error',
      error: 'the run exceeded its time limit of 90 s and was stopped',
    });
  });
});

describe('shouldAdvanceBaseline', () => {
  it.each<[BaselineCandidate, boolean]>([
    [{ status: 'passed', trigger: 'SCHEDULE' }, true],
    [{ status: 'passed', trigger: 'MANUAL', branch: 'feature' }, true],
    [{ status: 'passed', trigger: 'CI', branch: null }, true],
    [{ status: 'passed', trigger: 'CI', branch: 'feature/x' }, false],
    [{ status: 'passed', trigger: 'API', branch: 'main' }, false],
    [{ status: 'failed', trigger: 'SCHEDULE' }, false],
    [{ status: 'error', trigger: 'MANUAL' }, false],
    [{ status: 'cancelled', trigger: 'SCHEDULE' }, false],
  ])('%j -> %s', (run, expected) => {
    expect(shouldAdvanceBaseline(run)).toBe(expected);
  });
});
