import { describe, expect, it } from 'vitest';
import {
  endingEventFor,
  IllegalRunTransitionError,
  runStatusesAllowing,
  transitionRun,
  type RunLifecycleEvent,
  type RunStatusValue,
} from './run-transitions';
import { DB_RUN_STATUSES } from './wire-enums';

const FROM: (RunStatusValue | null)[] = [null, ...DB_RUN_STATUSES];

const EVENTS: RunLifecycleEvent[] = [
  { type: 'create' },
  { type: 'claim' },
  { type: 'hand_back' },
  { type: 'resume' },
  { type: 'finish', status: 'PASSED' },
  { type: 'finish', status: 'CANCELLED' },
  { type: 'cancel' },
  { type: 'fail' },
];

/** Every (from, event) pair: the status it leads to, or `illegal`. Rows are `from`, in FROM's order. */
const TABLE: Record<string, (RunStatusValue | 'illegal')[]> = {
  //                  none       QUEUED       RUNNING      PASSED     FAILED     ERROR      CANCELLED
  create: ['QUEUED', 'illegal', 'illegal', 'illegal', 'illegal', 'illegal', 'illegal'],
  claim: ['illegal', 'RUNNING', 'RUNNING', 'illegal', 'illegal', 'illegal', 'illegal'],
  hand_back: ['illegal', 'illegal', 'QUEUED', 'illegal', 'illegal', 'illegal', 'illegal'],
  resume: ['illegal', 'illegal', 'QUEUED', 'illegal', 'illegal', 'illegal', 'illegal'],
  'finish PASSED': ['illegal', 'PASSED', 'PASSED', 'illegal', 'illegal', 'illegal', 'illegal'],
  'finish CANCELLED': ['illegal', 'CANCELLED', 'CANCELLED', 'illegal', 'illegal', 'illegal', 'illegal'],
  cancel: ['illegal', 'CANCELLED', 'CANCELLED', 'illegal', 'illegal', 'illegal', 'illegal'],
  fail: ['illegal', 'ERROR', 'ERROR', 'illegal', 'illegal', 'illegal', 'illegal'],
};

const label = (event: RunLifecycleEvent) => (event.type === 'finish' ? `finish ${event.status}` : event.type);

describe('transitionRun', () => {
  const cases = EVENTS.flatMap((event) => FROM.map((from, i) => ({ from, event, expected: TABLE[label(event)]![i]! })));
  it.each(cases)('$event.type from $from -> $expected', ({ from, event, expected }) => {
    const result = transitionRun(from, event);
    if (expected === 'illegal') {
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error).toBeInstanceOf(IllegalRunTransitionError);
        expect(result.error).toMatchObject({ code: 'illegal_run_transition', from, event: event.type });
      }
    } else {
      expect(result).toEqual({ ok: true, to: expected });
    }
  });

  it('never leaves a final status', () => {
    for (const from of ['PASSED', 'FAILED', 'ERROR', 'CANCELLED'] as const)
      for (const event of EVENTS) expect(transitionRun(from, event).ok).toBe(false);
  });

  it('names the transition in the error', () => {
    const result = transitionRun('PASSED', { type: 'hand_back' });
    expect(!result.ok && result.error.message).toBe('a run cannot hand back from PASSED');
  });
});

describe('runStatusesAllowing', () => {
  it.each([
    ['create', []],
    ['claim', ['QUEUED', 'RUNNING']],
    ['hand_back', ['RUNNING']],
    ['resume', ['RUNNING']],
    ['finish', ['QUEUED', 'RUNNING']],
    ['cancel', ['QUEUED', 'RUNNING']],
    ['fail', ['QUEUED', 'RUNNING']],
  ] as const)('%s starts from %j', (event, statuses) => {
    expect(runStatusesAllowing(event)).toEqual(statuses);
  });
});

describe('endingEventFor', () => {
  it.each([
    ['passed', { type: 'finish', status: 'PASSED' }],
    ['failed', { type: 'finish', status: 'FAILED' }],
    ['error', { type: 'finish', status: 'ERROR' }],
    ['cancelled', { type: 'cancel' }],
  ] as const)('%s -> %j', (status, event) => {
    expect(endingEventFor(status)).toEqual(event);
  });
});
