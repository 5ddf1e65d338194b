import type { RunSummary } from '../result/run-result';

/** Why a run's execution stopped before its end, if it did. */
export type RunInterruption = 'cancelled' | 'time_limit' | 'shutdown';

/** What the worker does with a run once the executor returned. */
export type RunOutcome =
  | { outcome: 'finish'; status: 'passed' | 'failed' | 'error' | 'cancelled'; error?: string }
  /** The worker is shutting down: the run goes back to the queue and another worker runs it again. */
  | { outcome: 'hand_back' };

export interface DecideRunOutcomeInput {
  interruption?: RunInterruption;
  summary: RunSummary;
  /** The executor's reason for stopping early (budget exhausted), if any. */
  stoppedReason?: string;
  timeLimitSeconds: number;
}

/**
 * The status of a finished run. A failed assertion fails the run; skipped ones do not (they are reported, and
 * regressions catch PASS -> SKIP). A run that ran out of call budget keeps the status of what it did run, with the
 * reason recorded. A run with no assertion at all passes vacuously only if nothing stopped it.
 */
export function decideRunOutcome(input: DecideRunOutcomeInput): RunOutcome {
  switch (input.interruption) {
    case 'shutdown':
      return { outcome: 'hand_back' };
    case 'cancelled':
      return { outcome: 'finish', status: 'cancelled', error: 'cancelled on request' };
    case 'time_limit':
      return {
        outcome: 'finish',
        status: 'error',
        error: `the run exceeded its time limit of ${input.timeLimitSeconds} s and was stopped`,
      };
    case undefined:
      break;
  }
  const status = input.summary.failed > 0 ? 'failed' : 'passed';
  return input.stoppedReason === undefined
    ? { outcome: 'finish', status }
    : { outcome: 'finish', status, error: input.stoppedReason };
}

export interface BaselineCandidate {
  status: 'passed' | 'failed' | 'error' | 'cancelled';
  trigger: 'MANUAL' | 'API' | 'CI' | 'WEBHOOK' | 'SCHEDULE';
  branch?: string | null;
}

/**
 * The baseline advances on a run that passed (no assertion failed) and that tested the server as deployed rather
 * than a change under review: a scheduled or manual run, or any run that names no branch. A CI run of a feature
 * branch never moves the baseline, so a pull request cannot redefine what "passing before" means.
 */
export function shouldAdvanceBaseline(run: BaselineCandidate): boolean {
  if (run.status !== 'passed') return false;
  if (run.trigger === 'SCHEDULE' || run.trigger === 'MANUAL') return true;
  return run.branch === undefined || run.branch === null || run.branch === '';
}
