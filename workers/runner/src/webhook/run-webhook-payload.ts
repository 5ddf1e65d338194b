import type { RunStatus, RunTrigger } from '@mcptest/db';

/** The events a webhook can subscribe to (DESIGN.md "Contracts"). */
export const RUN_WEBHOOK_EVENTS = ['run.completed', 'run.failed', 'run.regressed'] as const;
export type RunWebhookEvent = (typeof RUN_WEBHOOK_EVENTS)[number];

/** The columns of a finished run that a webhook body carries. */
export interface FinishedRunRow {
  id: string;
  projectId: string;
  suiteId: string;
  suiteVersion: number;
  status: RunStatus;
  trigger: RunTrigger;
  commitSha: string | null;
  branch: string | null;
  total: number;
  passed: number;
  failed: number;
  skipped: number;
  /** `Run.regressions` as stored: an array of `{name, before, after, detail}`. */
  regressions: unknown;
  error: string | null;
  startedAt: Date | null;
  finishedAt: Date | null;
  durationMs: number | null;
}

/** `data.run` of a webhook body. */
export interface RunWebhookRun {
  id: string;
  url: string;
  projectId: string;
  suiteId: string;
  suiteVersion: number;
  status: 'queued' | 'running' | 'passed' | 'failed' | 'error' | 'cancelled';
  trigger: 'manual' | 'api' | 'ci' | 'webhook' | 'schedule';
  commitSha: string | null;
  branch: string | null;
  summary: { total: number; passed: number; failed: number; skipped: number };
  regressions: unknown[];
  error: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  durationMs: number | null;
}

/** The JSON body of a delivery (Standard Webhooks' `{type, timestamp, data}`). */
export interface RunWebhookBody {
  type: RunWebhookEvent;
  /** When the event happened (the run's finishedAt), ISO 8601. */
  timestamp: string;
  data: { run: RunWebhookRun };
}

export const RUN_WEBHOOK_SELECT = {
  id: true,
  projectId: true,
  suiteId: true,
  suiteVersion: true,
  status: true,
  trigger: true,
  commitSha: true,
  branch: true,
  total: true,
  passed: true,
  failed: true,
  skipped: true,
  regressions: true,
  error: true,
  startedAt: true,
  finishedAt: true,
  durationMs: true,
} as const;

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
    data: {
      run: {
        id: run.id,
        url: `${appUrl}/runs/${run.id}`,
        projectId: run.projectId,
        suiteId: run.suiteId,
        suiteVersion: run.suiteVersion,
        status: run.status.toLowerCase() as RunWebhookRun['status'],
        trigger: run.trigger.toLowerCase() as RunWebhookRun['trigger'],
        commitSha: run.commitSha,
        branch: run.branch,
        summary: { total: run.total, passed: run.passed, failed: run.failed, skipped: run.skipped },
        regressions: regressionsOf(run),
        error: run.error,
        startedAt: run.startedAt?.toISOString() ?? null,
        finishedAt: run.finishedAt?.toISOString() ?? null,
        durationMs: run.durationMs,
      },
    },
  };
}
