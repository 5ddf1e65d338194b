import {
  type AuthorizationFailure,
  type ConformanceRunReport,
  RUN_STATUS_TO_WIRE,
  type Regression,
  type RunSummary,
} from '@mcptest/core';
import { finishRun, type EndingEvent, type RunSurfaceInput, type TenantDb } from '@mcptest/db';
import { dispatchAdmittedRuns, settleRunOutbox, type RunFinishStep } from '@mcptest/redis';
import type { WorkerDeps } from '../worker-deps';

export interface CompleteRunInput {
  runId: string;
  event: EndingEvent;
  error?: string | undefined;
  callsUsed?: number | undefined;
  /** HTTP requests the run sent (tool calls included). */
  requestsUsed?: number | undefined;
  /** The MCP protocol version the sessions negotiated (ExecuteSuiteResult.protocolVersion). */
  protocolVersion?: string | undefined;
  suiteName?: string | undefined;
  /** The suite's conformance report (ExecuteSuiteResult.conformance); finishRun stores it with the run's end. */
  conformance?: ConformanceRunReport | undefined;
  /** The server's OAuth connection just expired: finishRun adds `server.authorization_failed` deliveries. */
  authorizationFailure?: AuthorizationFailure | undefined;
  /** The surface the run read and the pin's verdict: finishRun records it and raises `server.surface_changed`. */
  surface?: RunSurfaceInput | undefined;
}

export type CompletedRun =
  | { completed: true; summary: RunSummary; regressions: Regression[] }
  /** The run had already been ended by someone else (another worker after a takeover, a cancel). */
  | { completed: false };

/**
 * Ends a run the worker holds: packages/db's `finishRun` writes the status, summary, regressions, baseline, webhook
 * deliveries and the outbox row in one transaction; then the outbox is settled (badges, `run.finished`, webhook jobs,
 * the tenant's slot). Dying anywhere in between loses nothing: before the commit the run is resumed, after it the
 * reconciler replays the outbox.
 */
export async function completeRun(deps: WorkerDeps, db: TenantDb, input: CompleteRunInput): Promise<CompletedRun> {
  const seam = deps.reachedFinishStep;
  const reached = seam === undefined ? () => Promise.resolve() : (step: RunFinishStep) => seam(step, input.runId);
  await reached('before-transaction');
  const finish = await finishRun(db, { ...input, appUrl: deps.webhooks.appUrl, now: deps.now() });
  if (!finish.finished) {
    // Whoever ended it settled its outbox; this worker only gives back the slot it may still hold.
    await deps.fair.release({ tenantId: db.tenantId, runId: input.runId });
    await dispatchAdmittedRuns({ fair: deps.fair, queues: deps.queues });
    return { completed: false };
  }
  const status = RUN_STATUS_TO_WIRE[finish.status];
  deps.metrics.runsFinished.inc({ status });
  if (finish.startedAt)
    deps.metrics.runDuration.observe({ status }, (deps.now().getTime() - finish.startedAt.getTime()) / 1000);
  await reached('after-commit');
  const settled = await settleRunOutbox({ ...deps, db, reached }, finish.outbox);
  if (settled.webhooksNotQueued > 0)
    deps.logger.warn(
      { tenantId: db.tenantId, runId: input.runId, notQueued: settled.webhooksNotQueued },
      'webhook deliveries not queued yet',
    );
  return { completed: true, summary: finish.summary, regressions: finish.regressions };
}
