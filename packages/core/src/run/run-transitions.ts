/*
 * The run lifecycle as data: which status a run may move to on which event. packages/db's run operations
 * (`packages/db/src/runs/`) are the only writers of `Run.status`; each asks this table which statuses it may start from
 * (`runStatusesAllowing`) and guards its update with them, so two writers racing (a worker and a cancel, two workers
 * after a takeover) cannot both win.
 */

import type { DbRunStatus } from './wire-enums';

/** `Run.status` as Postgres stores it. */
export type RunStatusValue = DbRunStatus;

export const FINAL_RUN_STATUSES = ['PASSED', 'FAILED', 'ERROR', 'CANCELLED'] as const;
export type FinalRunStatusValue = (typeof FINAL_RUN_STATUSES)[number];

export type RunLifecycleEvent =
  /** A trigger created the run. */
  | { type: 'create' }
  /** A worker takes the run (a RUNNING one too: a worker resuming a run whose worker died, the job handed over). */
  | { type: 'claim' }
  /** The worker executing it shuts down and gives it back to the queue; another worker resumes it. */
  | { type: 'hand_back' }
  /** The reconciler queues a run whose worker died, to be resumed. */
  | { type: 'resume' }
  /** The run ended with its results (the executor's decision, `decideRunOutcome`). */
  | { type: 'finish'; status: FinalRunStatusValue }
  /** Someone cancelled it: a queued run at once, a running one when its worker stops it. */
  | { type: 'cancel' }
  /** It cannot be executed at all: out of attempts, its workers keep dying. */
  | { type: 'fail' };

export type RunLifecycleEventType = RunLifecycleEvent['type'];

/** `null` is "no row yet" (only `create` starts there). */
type From = RunStatusValue | null;

const ACTIVE: readonly RunStatusValue[] = ['QUEUED', 'RUNNING'];

/** For each event, the statuses it may start from. A final status is final: no event leaves it. */
const ALLOWED_FROM: Record<RunLifecycleEventType, readonly From[]> = {
  create: [null],
  claim: ACTIVE,
  hand_back: ['RUNNING'],
  resume: ['RUNNING'],
  // QUEUED too: a queued run can end without starting (its suite no longer loads, a cancel seen at claim time).
  finish: ACTIVE,
  cancel: ACTIVE,
  fail: ACTIVE,
};

function targetOf(event: RunLifecycleEvent): RunStatusValue {
  switch (event.type) {
    case 'create':
    case 'hand_back':
    case 'resume':
      return 'QUEUED';
    case 'claim':
      return 'RUNNING';
    case 'finish':
      return event.status;
    case 'cancel':
      return 'CANCELLED';
    case 'fail':
      return 'ERROR';
  }
}

/** A transition the lifecycle does not allow: a programming error or a lost race, never silently applied. */
export class IllegalRunTransitionError extends Error {
  readonly code = 'illegal_run_transition';
  constructor(
    readonly from: From,
    readonly event: RunLifecycleEventType,
  ) {
    super(`a run cannot ${event.replace('_', ' ')} from ${from ?? 'nothing'}`);
    this.name = 'IllegalRunTransitionError';
  }
}

export type RunTransition = { ok: true; to: RunStatusValue } | { ok: false; error: IllegalRunTransitionError };

/** The status `event` moves a run in status `from` to, or the typed error when it may not. */
export function transitionRun(from: From, event: RunLifecycleEvent): RunTransition {
  if (!ALLOWED_FROM[event.type].includes(from))
    return { ok: false, error: new IllegalRunTransitionError(from, event.type) };
  return { ok: true, to: targetOf(event) };
}

/** The statuses a guarded update for `event` may match (`where: { status: { in: ... } }`). */
export function runStatusesAllowing(event: RunLifecycleEventType): RunStatusValue[] {
  return ALLOWED_FROM[event].filter((s): s is RunStatusValue => s !== null);
}

export function isFinalRunStatus(status: RunStatusValue): status is FinalRunStatusValue {
  return (FINAL_RUN_STATUSES as readonly string[]).includes(status);
}

/** The event that ends a run with the executor's decision (`decideRunOutcome`): a cancelled run ends by `cancel`. */
export function endingEventFor(
  status: 'passed' | 'failed' | 'error' | 'cancelled',
): Extract<RunLifecycleEvent, { type: 'finish' | 'cancel' }> {
  const FINAL: Record<typeof status, FinalRunStatusValue> = {
    passed: 'PASSED',
    failed: 'FAILED',
    error: 'ERROR',
    cancelled: 'CANCELLED',
  };
  return status === 'cancelled' ? { type: 'cancel' } : { type: 'finish', status: FINAL[status] };
}
