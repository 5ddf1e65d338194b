import { describe, expect, it } from 'vitest';
import {
  decideRunOutcome,
  findUnreachableServer,
  shouldAdvanceBaseline,
  type BaselineCandidate,
  type ConnectionAttempt,
} from './run-outcome';

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
    [
      { summary: summary(3), unreachable: 'could not connect to http://x/mcp: connection refused' },
      {
        outcome: 'finish',
        status: 'error',
        error: 'the server could not be tested: could not connect to http://x/mcp: connection refused',
      },
    ],
    [
      { summary: summary(2, 1), unreachable: 'refused', stoppedReason: 'request budget exhausted' },
      {
        outcome: 'finish',
        status: 'error',
        error: 'the server could not be tested: refused; request budget exhausted',
      },
    ],
    [
      { summary: summary(3), unreachable: 'refused', interruption: 'cancelled' as const },
      { outcome: 'finish', status: 'cancelled' },
    ],
    [{ summary: summary(3), unreachable: 'refused', interruption: 'shutdown' as const }, { outcome: 'hand_back' }],
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

describe('findUnreachableServer', () => {
  const refused: ConnectionAttempt = { connection: 'failed', detail: 'could not connect to http://x/mcp: refused' };
  const notMcp: ConnectionAttempt = { connection: 'failed', detail: 'did not answer as an MCP server' };
  const opened: ConnectionAttempt = { connection: 'opened', detail: 'expected "a", got "b"' };
  const untried: ConnectionAttempt = { detail: 'skipped: FOO is not set' };
  it.each<[string, ConnectionAttempt[], string | undefined]>([
    ['every assertion failed to connect', [refused, refused, refused], refused.detail],
    ['the first reason stands for all', [notMcp, refused], notMcp.detail],
    ['skipped and trajectory assertions do not count', [untried, refused, untried], refused.detail],
    ['one assertion connected (a flaky server is tested)', [refused, opened, refused], undefined],
    ['assertions connected and failed their checks', [opened, opened], undefined],
    ['nothing tried to connect', [untried, untried], undefined],
    ['no assertion at all', [], undefined],
  ])('%s', (_name, results, expected) => {
    expect(findUnreachableServer(results)).toBe(expected);
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
