import {
  aggregateTrialsByName,
  Baseline,
  findRegressions,
  RUN_STATUS_FROM_WIRE,
  shouldAdvanceBaseline,
  summarize,
  type AssertionResult,
  type Regression,
  type RunSummary,
} from '@mcptest/core';
import { findRunResults, type TenantDb } from '@mcptest/db';
import { dispatchAdmittedRuns, invalidateBadges, publishRunEvent } from '@mcptest/redis';
import { enqueueRunWebhooks } from '../webhook/enqueue-run-webhooks';
import type { WorkerDeps } from '../worker-deps';

export type FinalStatus = 'passed' | 'failed' | 'error' | 'cancelled';

export interface CompleteRunInput {
  run: {
    id: string;
    suiteId: string;
    trigger: 'MANUAL' | 'API' | 'CI' | 'WEBHOOK' | 'SCHEDULE';
    branch: string | null;
    startedAt: Date | null;
  };
  status: FinalStatus;
  error?: string | undefined;
  callsUsed?: number;
  /** HTTP requests the run sent (tool calls included). */
  requestsUsed?: number;
  suiteName?: string;
}

export interface CompletedRun {
  /** False when the run had already been finished by someone else (another worker after a takeover). */
  completed: boolean;
  summary: RunSummary;
  regressions: Regression[];
}

/**
 * Ends a run: summary from the stored results (the source of truth, whichever worker wrote them), regressions against
 * the suite's baseline, the baseline advanced by the documented rule, the row updated once (only a RUNNING or QUEUED
 * run can end, so a run never ends twice), the `run.finished` event, and the tenant's slot freed for its next run.
 */
export async function completeRun(deps: WorkerDeps, db: TenantDb, input: CompleteRunInput): Promise<CompletedRun> {
  const { run } = input;
  const now = deps.now();
  const rows = await findRunResults(db, run.id);
  const trials: AssertionResult[] = rows.map((r) => ({
    name: r.name,
    status: r.status,
    detail: r.detail ?? '',
    durationMs: r.durationMs,
    tool: r.tool ?? undefined,
  }));
  const results = aggregateTrialsByName(trials);
  const summary = summarize(results);

  let regressions: Regression[] = [];
  const baselineRow = await db.baseline.findFirst({ where: { suiteId: run.suiteId }, select: { results: true } });
  const baseline = baselineRow ? Baseline.safeParse(baselineRow.results) : undefined;
  // Only a run that tested the server is compared: an error run (server unreachable, time limit) regressed nothing,
  // so an outage is not reported as every assertion regressing.
  const tested = input.status === 'passed' || input.status === 'failed';
  if (baseline?.success && tested) regressions = findRegressions(baseline.data, results);

  const updated = await db.run.updateMany({
    where: { id: run.id, status: { in: ['RUNNING', 'QUEUED'] } },
    data: {
      status: RUN_STATUS_FROM_WIRE[input.status],
      total: summary.total,
      passed: summary.passed,
      failed: summary.failed,
      skipped: summary.skipped,
      regressions: regressions as unknown as object,
      error: input.error ?? null,
      ...(input.callsUsed === undefined ? {} : { callsUsed: input.callsUsed }),
      ...(input.requestsUsed === undefined ? {} : { requestsUsed: input.requestsUsed }),
      finishedAt: now,
      durationMs: run.startedAt ? now.getTime() - run.startedAt.getTime() : 0,
      workerId: null,
    },
  });
  const completed = updated.count === 1;
  if (completed) {
    if (shouldAdvanceBaseline({ status: input.status, trigger: run.trigger, branch: run.branch })) {
      const entries = results.map((r) => ({ name: r.name, status: r.status }));
      const data: Baseline = { version: 1, suite: input.suiteName, createdAt: now.toISOString(), entries };
      await db.baseline.upsert({
        where: { suiteId: run.suiteId },
        create: { tenantId: db.tenantId, suiteId: run.suiteId, runId: run.id, results: data },
        update: { runId: run.id, results: data },
      });
    }
    // Before run.finished: whoever waited for the run (the API's `wait`, CI) and then fetches a badge sees this run.
    const owner = await db.run.findFirst({ where: { id: run.id }, select: { projectId: true } });
    await invalidateBadges(deps.redis, deps.prefix, { suiteId: run.suiteId, projectId: owner?.projectId });
    await publishRunEvent(deps.redis, deps.prefix, run.id, {
      type: 'run.finished',
      status: input.status,
      summary,
      regressions: regressions.length,
      ...(input.error ? { error: input.error } : {}),
    });
    // Never throws: a webhook problem must not keep the run's slot or the next run waiting.
    await enqueueRunWebhooks(deps, db, { id: run.id });
    deps.metrics.runsFinished.inc({ status: input.status });
    if (run.startedAt)
      deps.metrics.runDuration.observe({ status: input.status }, (now.getTime() - run.startedAt.getTime()) / 1000);
  }
  await deps.fair.release({ tenantId: db.tenantId, runId: run.id });
  await dispatchAdmittedRuns({ fair: deps.fair, queues: deps.queues });
  return { completed, summary, regressions };
}
