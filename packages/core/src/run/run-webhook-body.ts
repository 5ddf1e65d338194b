import { type RunRow, type RunWebhookRun, toRunWebhookRun } from './run-resource';

/** The events a webhook can subscribe to (docs/webhooks.md). */
export const RUN_WEBHOOK_EVENTS = ['run.completed', 'run.failed', 'run.regressed'] as const;
export type RunWebhookEvent = (typeof RUN_WEBHOOK_EVENTS)[number];

/** The columns of a finished run that a webhook body is built from: the Run resource's row. */
export type FinishedRunRow = RunRow;

/** The JSON body of a delivery (Standard Webhooks' `{type, timestamp, data}`). */
export interface RunWebhookBody {
  type: RunWebhookEvent;
  /** When the event happened (the run's finishedAt), ISO 8601. */
  timestamp: string;
  data: { run: RunWebhookRun };
}

function regressionsOf(run: Pick<FinishedRunRow, 'regressions'>): unknown[] {
  return Array.isArray(run.regressions) ? run.regressions : [];
}

/**
 * The events a finished run raises: `run.completed` always (any final status, cancelled included), `run.failed` when
 * it failed or errored, `run.regressed` when an assertion that passed in the baseline no longer does.
 */
export function eventsForRun(run: Pick<FinishedRunRow, 'status' | 'regressions'>): RunWebhookEvent[] {
  const events: RunWebhookEvent[] = ['run.completed'];
  if (run.status === 'FAILED' || run.status === 'ERROR') events.push('run.failed');
  if (regressionsOf(run).length > 0) events.push('run.regressed');
  return events;
}

/** Builds the body of one event of a finished run. */
export function buildRunWebhookBody(
  event: RunWebhookEvent,
  run: FinishedRunRow,
  appUrl: string,
  now: Date,
): RunWebhookBody {
  return {
    type: event,
    timestamp: (run.finishedAt ?? now).toISOString(),
    data: { run: toRunWebhookRun(run, appUrl) },
  };
}
