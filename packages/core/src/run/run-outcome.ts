import type { RunSummary } from '../result/run-result';

/** The error of a run ended by a cancel request (the run row, `run.finished`, the webhook body). */
export const CANCELLED_ON_REQUEST = 'cancelled on request';

/** Why a run's execution stopped before its end, if it did. */
export type RunInterruption = 'cancelled' | 'time_limit' | 'shutdown';

/** What the worker does with a run once the executor returned. */
export type RunOutcome =
  | { outcome: 'finish'; status: 'passed' | 'failed' | 'error' | 'cancelled'; error?: string }
  /** The worker is shutting down: the run goes back to the queue and another worker runs it again. */
  | { outcome: 'hand_back' };

export interface DecideRunOutcomeInput {
  interruption?: RunInterruption | undefined;
  summary: RunSummary;
  /** The executor's reason for stopping early (budget exhausted), if any. */
  stoppedReason?: string | undefined;
  /** Why the server could not be tested at all (`findUnreachableServer`), if it could not. */
  unreachable?: string | undefined;
  timeLimitSeconds: number;
}

/**
 * The status of a finished run. A failed assertion fails the run; skipped ones do not (they are reported, and
 * regressions catch PASS -> SKIP). A run that ran out of call budget keeps the status of what it did run, with the
 * reason recorded. A run with no assertion at all passes vacuously only if nothing stopped it. A run whose server
 * could not be reached by any assertion is `error`, not `failed`: an outage is not a test failure, and a red
 * "failing 3/3" badge would say the server regressed when nobody could test it.
 */
export function decideRunOutcome(input: DecideRunOutcomeInput): RunOutcome {
  switch (input.interruption) {
    case 'shutdown':
      return { outcome: 'hand_back' };
    case 'cancelled':
      return { outcome: 'finish', status: 'cancelled', error: CANCELLED_ON_REQUEST };
    case 'time_limit':
      return {
        outcome: 'finish',
        status: 'error',
        error: `the run exceeded its time limit of ${input.timeLimitSeconds} s and was stopped`,
      };
    case undefined:
      break;
  }
  if (input.unreachable !== undefined) {
    const error = `the server could not be tested: ${input.unreachable}`;
    return {
      outcome: 'finish',
      status: 'error',
      error: input.stoppedReason === undefined ? error : `${error}; ${input.stoppedReason}`,
    };
  }
  const status = input.summary.failed > 0 ? 'failed' : 'passed';
  return input.stoppedReason === undefined
    ? { outcome: 'finish', status }
    : { outcome: 'finish', status, error: input.stoppedReason };
}

/** What the executor says about one assertion's connection, for `findUnreachableServer`. */
export interface ConnectionAttempt {
  /** Set when the assertion tried to open a session: whether it got one (initialize answered) or not. */
  connection?: 'opened' | 'failed';
  /** The assertion's detail: for a failed connection, the reason (refused, DNS, TLS, SSRF refusal, not MCP...). */
  detail: string;
}

/**
 * Why the server could not be tested, when no assertion of the run could connect to it: at least one tried, and every
 * one that tried failed to open a session (connection refused, host not found, an address the SSRF guard refuses, a
 * TLS error, a web page instead of MCP, initialize failing or timing out). The first such reason stands for all.
 * Undefined as soon as one assertion connected: a server that answers some sessions and not others is tested, and
 * what failed is a test failure. Assertions that never tried (skipped, trajectory, refused by the policy before a
 * session) do not count either way.
 */
export function findUnreachableServer(results: readonly ConnectionAttempt[]): string | undefined {
  let reason: string | undefined;
  for (const result of results) {
    if (result.connection === 'opened') return undefined;
    if (result.connection === 'failed') reason ??= result.detail;
  }
  return reason;
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
