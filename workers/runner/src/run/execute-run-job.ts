import {
  CANCELLED_ON_REQUEST,
  decideRunOutcome,
  endingEventFor,
  redactSecretValues,
  summarize,
  transcriptQuotaNotice,
  type ConformanceRunReport,
  type RunInterruption,
  type ServerSurface,
} from '@mcptest/core';
import { claimRun, handBackRun } from '@mcptest/db';
import { executeSuite, type ExecutedAssertion, type ExecutionEvent } from '@mcptest/mcp';
import { createRedisCallBudget, handBackJob, publishRunEvent, type JobContext, type JobPayload } from '@mcptest/redis';
import type { WorkerDeps } from '../worker-deps';
import { checkSurfacePin } from './check-surface-pin';
import { completeRun } from './complete-run';
import { prepareRunAuthorization } from './authorize-run';
import { loadRunPlan, SUITE_FILE } from './load-run-plan';
import { hostedAssertionKey, recordAssertion, type TranscriptQuota } from './record-assertion';

/** How soon a handed-back run (worker shutting down) is offered to another worker. */
const HAND_BACK_DELAY_MS = 500;

const RUN_SELECT = {
  id: true,
  projectId: true,
  suiteId: true,
  serverId: true,
  suiteVersion: true,
  trigger: true,
  branch: true,
  status: true,
  startedAt: true,
  cancelRequestedAt: true,
} as const;

/**
 * The `run.execute` job: claims the run (RUNNING, attempt counted), executes its suite against the registered server
 * through packages/mcp, records every assertion as it finishes, and completes the run. Problems of the run itself
 * (server down, suite invalid, budget exhausted) end as run results; only infrastructure errors (Postgres or Redis
 * away) throw, so BullMQ retries the job and the next attempt resumes the run.
 */
export async function executeRunJob(
  deps: WorkerDeps,
  payload: JobPayload<'run.execute'>,
  context: JobContext,
): Promise<string> {
  const { runId, tenantId } = payload;
  const log = deps.logger.child({ tenantId, runId, jobId: context.job.id, attempt: context.attempt });
  const db = deps.db.tenant(tenantId);
  const slot = { tenantId, runId };

  const run = await db.run.findFirst({ where: { id: runId }, select: RUN_SELECT });
  if (!run) {
    log.warn('run no longer exists; dropping its job');
    await deps.fair.release(slot);
    return 'missing';
  }
  if (run.status !== 'QUEUED' && run.status !== 'RUNNING') {
    log.info({ status: run.status }, 'run already finished');
    await deps.fair.release(slot);
    return 'already-finished';
  }
  if (run.cancelRequestedAt) {
    await completeRun(deps, db, { runId, event: { type: 'cancel' }, error: CANCELLED_ON_REQUEST });
    return 'cancelled';
  }
  // A run resumed after its worker died may have lost its slot's lease; it keeps running regardless of the cap.
  if (!(await deps.fair.renew(slot))) await deps.fair.hold(slot);

  const startedAt = run.startedAt ?? deps.now();
  if (!(await claimRun(db, { runId, workerId: deps.workerId, startedAt, now: deps.now() }))) {
    await deps.fair.release(slot);
    return 'already-finished';
  }
  log.info({ resumed: run.status === 'RUNNING' }, 'run started');
  deps.metrics.runsStarted.inc({ trigger: run.trigger });
  await publishRunEvent(deps.redis, deps.prefix, runId, {
    type: 'run.started',
    attempt: context.attempt,
    workerId: deps.workerId,
  });

  const loaded = await loadRunPlan(deps, db, run);
  if (!loaded.ok) {
    log.warn({ reason: loaded.error }, 'run cannot execute');
    await completeRun(deps, db, { runId, event: { type: 'finish', status: 'ERROR' }, error: loaded.error });
    return 'error';
  }
  const { plan } = loaded;
  // The server's OAuth connection, if it has one: opened and, when about to expire, refreshed before anything is sent.
  const authorized = await prepareRunAuthorization(deps, db, run.serverId);
  if (!authorized.ok) {
    log.warn({ reason: authorized.error }, 'run cannot be authorized');
    await completeRun(deps, db, {
      runId,
      event: { type: 'finish', status: 'ERROR' },
      error: authorized.error,
      authorizationFailure: authorized.failure,
    });
    return 'error';
  }
  const { authorization } = authorized;
  // A server may echo the bearer token it was sent (an error text, a tool result): nothing stored may carry it.
  const redact = <T>(value: T): T => (authorization ? redactSecretValues(value, authorization.secrets()) : value);
  const budget = createRedisCallBudget({
    redis: deps.redis,
    prefix: deps.prefix,
    tenantId,
    runId,
    maxCalls: plan.maxCalls,
    dailyCallBudget: plan.dailyCalls,
  });

  const handle = deps.active.start(runId, tenantId, plan.limits.runTimeLimitSeconds * 1000);
  // Results are written in order, one at a time, so a run uses one connection however fast its assertions finish.
  let writes: Promise<void> = Promise.resolve();
  let writeError: unknown;
  const enqueueWrite = (write: () => Promise<unknown>) => {
    writes = writes.then(write).then(
      () => undefined,
      (error: unknown) => {
        writeError ??= error;
      },
    );
  };
  const quota: TranscriptQuota = {
    quotaBytes: plan.limits.transcriptStorageBytes,
    usedBytes: async () => {
      const row = await deps.db.global.tenant.findUnique({
        where: { id: tenantId },
        select: { transcriptBytes: true },
      });
      return Number(row?.transcriptBytes ?? 0);
    },
  };
  let quotaUsedUp = false;
  const onEvent = (event: ExecutionEvent) => {
    // After a hand-back the next worker runs the suite again; what this one skipped must not be recorded.
    if (handle.interruption() === 'shutdown') return;
    switch (event.type) {
      case 'assertion.started':
        enqueueWrite(() =>
          publishRunEvent(deps.redis, deps.prefix, runId, { ...event, key: hostedAssertionKey(event.key) }),
        );
        break;
      case 'assertion.finished': {
        const r: ExecutedAssertion = redact(event.result);
        deps.metrics.callDuration.observe(
          { tool_class: r.toolClass ?? 'none', status: r.status },
          Math.max(0, r.durationMs) / 1000,
        );
        enqueueWrite(async () => {
          // Once the quota is found used up, the rest of the run stores no transcript without asking again.
          const outcome = await recordAssertion(db, runId, quotaUsedUp ? { ...r, transcript: undefined } : r, quota);
          if (outcome === 'not_stored') quotaUsedUp = true;
        });
        enqueueWrite(() =>
          publishRunEvent(deps.redis, deps.prefix, runId, {
            type: 'assertion.finished',
            key: hostedAssertionKey(r.key),
            name: r.name,
            trial: r.trial,
            status: r.status,
            detail: r.detail,
            durationMs: r.durationMs,
            tool: r.tool,
          }),
        );
        break;
      }
      case 'budget.exhausted':
        deps.metrics.budgetRefusals.inc({ scope: event.scope });
        enqueueWrite(() => publishRunEvent(deps.redis, deps.prefix, runId, { ...event }));
        break;
    }
  };

  let interruption: RunInterruption | undefined;
  let stoppedReason: string | undefined;
  let unreachable: string | undefined;
  let protocolVersion: string | undefined;
  let conformance: ConformanceRunReport | undefined;
  let surfaceRead: { surface: ServerSurface; hash: string } | undefined;
  let surfaceWarnings: string[] | undefined;
  let executed: ExecutedAssertion[];
  try {
    const outcome = await executeSuite(plan.suite, {
      serverOverride: plan.server,
      fetch: authorization ? authorization.wrap(deps.fetch) : deps.fetch,
      checker: deps.checker,
      allowStdio: false,
      // The worker's disk is not the tenant's: file_*, audit_log and {{fixture}} assertions FAIL unread.
      allowLocalFiles: false,
      policy: plan.policy,
      budget,
      // Hosted runs see no worker environment: `${VAR}` in a suite must not read the worker's secrets.
      env: {},
      onEvent,
      signal: handle.signal,
      // Every run records its server's surface: drift between runs is a finding (docs/health.md).
      readSurface: true,
    });
    executed = outcome.results;
    stoppedReason = outcome.stoppedReason;
    unreachable = outcome.unreachable;
    protocolVersion = outcome.protocolVersion;
    conformance = outcome.conformance;
    if (outcome.surface && outcome.surfaceHash) surfaceRead = { surface: outcome.surface, hash: outcome.surfaceHash };
    surfaceWarnings = outcome.surfaceWarnings;
  } finally {
    interruption = handle.interruption();
    deps.active.finish(runId);
  }
  // A pinned run checks the surface against the approved one: its `surface pin` result counts like any other. Not when
  // the run was stopped or never reached the server: then nothing was read to judge.
  const reached = executed.some((r) => r.connection === 'opened');
  const pin =
    interruption || stoppedReason || !reached
      ? null
      : await checkSurfacePin(db, {
          serverId: run.serverId,
          projectId: run.projectId,
          suitePin: plan.suite.pin,
          read: surfaceRead,
          unreadable: surfaceWarnings?.join('; ') || undefined,
          policy: plan.policy,
        });
  if (pin) {
    const result: ExecutedAssertion = {
      key: `${SUITE_FILE}#${pin.result.name}`,
      trial: 0,
      durationMs: 0,
      ...pin.result,
    };
    onEvent({ type: 'assertion.started', key: result.key, name: result.name, trial: 0 });
    onEvent({ type: 'assertion.finished', result });
    executed.push(result);
  }
  await writes;
  if (writeError !== undefined) throw writeError;

  const decision = decideRunOutcome({
    interruption,
    summary: summarize(executed),
    stoppedReason: interruption ? undefined : stoppedReason,
    unreachable,
    timeLimitSeconds: plan.limits.runTimeLimitSeconds,
  });
  // A refresh that failed mid-run ends the run here even when the worker is shutting down: the connection is already
  // marked expired, so the next worker would end it quietly and the webhook would be lost.
  const authorizationProblem = authorization?.problem();
  if (decision.outcome === 'hand_back' && !authorizationProblem) {
    await handBackRun(db, runId);
    log.info('worker shutting down: run handed back to the queue');
    return handBackJob(context, HAND_BACK_DELAY_MS);
  }
  const usage = await budget.usage();
  // A refresh that failed mid-run ends it `error` whatever the assertions said: they ran without authorization.
  const status = authorizationProblem || decision.outcome === 'hand_back' ? 'error' : decision.status;
  const done = await completeRun(deps, db, {
    runId,
    event: endingEventFor(status),
    // Not a failure: the run's results stand, the notice says why its transcripts are missing.
    error:
      redact(
        [
          authorizationProblem?.error,
          decision.outcome === 'finish' ? decision.error : undefined,
          quotaUsedUp ? transcriptQuotaNotice(plan.limits.transcriptStorageBytes) : undefined,
        ]
          .filter(Boolean)
          .join('; '),
      ) || undefined,
    authorizationFailure: authorizationProblem?.failure,
    callsUsed: usage.run.used,
    requestsUsed: usage.requests.run.used,
    ...(protocolVersion === undefined ? {} : { protocolVersion }),
    suiteName: plan.suite.name,
    ...(conformance === undefined ? {} : { conformance }),
    ...(surfaceRead ? { surface: { ...surfaceRead, pin: pin?.pin ?? null, policy: plan.policy } } : {}),
  });
  log.info(
    {
      status,
      ...(done.completed ? { ...done.summary, regressions: done.regressions.length } : { alreadyEnded: true }),
      callsUsed: usage.run.used,
      requestsUsed: usage.requests.run.used,
    },
    'run finished',
  );
  return status;
}
