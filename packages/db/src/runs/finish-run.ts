import {
  aggregateTrialsByName,
  Baseline,
  buildRunWebhookBody,
  buildServerAuthorizationFailedBody,
  buildSloBreachedBody,
  buildServerSurfaceChangedBody,
  describeSurfaceDiff,
  eventsForRun,
  findRegressions,
  RUN_STATUS_TO_WIRE,
  shouldAdvanceBaseline,
  summarize,
  toConformanceReportRecord,
  transitionRun,
  runStatusesAllowing,
  type AssertionResult,
  type AuthorizationFailure,
  type ConformanceRunReport,
  type CoverageReport,
  type FinalRunStatusValue,
  type Regression,
  type RunLifecycleEvent,
  type RunRow,
  type RunSummary,
  type RunSurfaceDrift,
  type RunWebhookEvent,
  type ExecPolicy,
  type ServerSurface,
  type SurfaceChangeForWebhook,
  SERVER_AUTHORIZATION_FAILED_EVENT,
  SLO_BREACHED_EVENT,
  type SloBreach,
  SERVER_SURFACE_CHANGED_EVENT,
} from '@mcptest/core';
import type { TenantClient, TenantDb } from '../tenant/tenant-scope';
import { recordSuiteDay } from '../lifecycle/record-suite-day';
import { recordSurface } from '../surfaces/record-surface';
import { createEventDeliveries, type WebhookEventToDeliver } from '../webhooks/create-event-deliveries';
import { findRunResults } from './find-run-results';
import { RUN_FINISHED_OUTBOX_KIND, type RunFinishedOutboxPayload, type RunOutboxEntry } from './run-outbox-payload';

/** The run columns of the Run resource (`RunRow`), as the final update returns them for the webhook bodies. */
const RUN_ROW_SELECT = {
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
  sloBreaches: true,
  callsUsed: true,
  requestsUsed: true,
  protocolVersion: true,
  error: true,
  queuedAt: true,
  startedAt: true,
  finishedAt: true,
  durationMs: true,
} as const;

/** The events that end a run. */
export type EndingEvent = Extract<RunLifecycleEvent, { type: 'finish' | 'cancel' | 'fail' }>;

export interface FinishRunInput {
  runId: string;
  event: EndingEvent;
  error?: string | undefined;
  callsUsed?: number | undefined;
  /** HTTP requests the run sent (tool calls included). */
  requestsUsed?: number | undefined;
  /** The MCP protocol version the run's sessions negotiated, when one opened. */
  protocolVersion?: string | undefined;
  /** The suite's name, recorded in an advanced baseline. */
  suiteName?: string | undefined;
  /**
   * The report of the suite's `conformance:` block (ExecuteSuiteResult.conformance): stored as the run's one
   * ConformanceReport row, here and only here, in the same transaction as the run's end.
   */
  conformance?: ConformanceRunReport | undefined;
  /** The run's coverage (ExecuteSuiteResult.coverage): stored on the run as `Run.coverage`. */
  coverage?: CoverageReport | undefined;
  /**
   * The server's OAuth connection could not be refreshed (docs/oauth.md): a `server.authorization_failed` delivery for
   * each webhook of the project subscribed to it, beside the run's own events, so it goes out through the same outbox.
   */
  authorizationFailure?: AuthorizationFailure | undefined;
  /**
   * The suite's SLO judged over its last runs, this one included (the worker's `evaluateRunSlo`): `breaches` stored
   * as `Run.sloBreaches`, and an `slo.breached` delivery when `raised` (the newly breached targets) is not empty.
   * Absent when the run was not judged.
   */
  slo?: { breaches: SloBreach[]; raised: SloBreach[] } | undefined;
  /**
   * The server's surface as the run read it (ExecuteSuiteResult.surface) and the pin's verdict: recorded here, with the
   * run's end (`recordSurface`: snapshot, Server.surfaceHash, a SurfaceChange when it moved), as Run.surfaceHash and
   * Run.surfaceDrift, and a change raises `server.surface_changed` through the run's deliveries.
   */
  surface?: RunSurfaceInput | undefined;
  /** Public base URL of the web app: `data.run.url` of the webhook bodies. */
  appUrl: string;
  now: Date;
}

export interface RunSurfaceInput {
  surface: ServerSurface;
  hash: string;
  /** The pin's verdict (decideSurfacePin), null when the run is not pinned. */
  pin: RunSurfaceDrift['pin'];
  /** The run's policy: what counts as read-only or destructive for the diff's loud flags. */
  policy: ExecPolicy;
}

export type FinishRunResult =
  | {
      finished: true;
      status: FinalRunStatusValue;
      summary: RunSummary;
      regressions: Regression[];
      /** When the run started (absent for a run that never did), for the duration metric. */
      startedAt: Date | null;
      /** What is left to do after commit (`settleRunOutbox` in packages/redis). */
      outbox: RunOutboxEntry;
    }
  /** Someone else ended it first (another worker after a takeover, a cancel), or it does not exist: nothing written. */
  | { finished: false; status: FinalRunStatusValue | 'QUEUED' | 'RUNNING' | null };

/**
 * Ends a run, in one transaction: the final status, the summary from the stored results (the source of truth, whichever
 * worker wrote them), regressions against the suite's baseline, the baseline advanced by `shouldAdvanceBaseline`, one
 * WebhookDelivery row per subscribed webhook and event, the suite's SuiteDay rollup, and the RunOutbox row listing the
 * Redis side effects. Either all of it is written or none: a process that dies before the commit leaves the run to be
 * resumed, one that dies after it leaves an outbox row the reconciler replays. The update is guarded by the transition table, so a run ends once.
 */
export async function finishRun(db: TenantDb, input: FinishRunInput): Promise<FinishRunResult> {
  return db.transaction((tx) => finishInTransaction(tx, db.tenantId, input), { timeoutMs: 30_000 });
}

async function finishInTransaction(
  tx: TenantClient,
  tenantId: string,
  input: FinishRunInput,
): Promise<FinishRunResult> {
  const { now } = input;
  const run = await tx.run.findFirst({
    where: { id: input.runId },
    select: { status: true, suiteId: true, serverId: true, trigger: true, branch: true, startedAt: true },
  });
  if (!run) return { finished: false, status: null };
  const transition = transitionRun(run.status, input.event);
  if (!transition.ok) return { finished: false, status: run.status };
  const status = transition.to as FinalRunStatusValue;
  const wireStatus = RUN_STATUS_TO_WIRE[status] as RunFinishedOutboxPayload['status'];

  const trials: AssertionResult[] = (await findRunResults(tx, input.runId)).map((r) => ({
    name: r.name,
    status: r.status,
    detail: r.detail ?? '',
    durationMs: r.durationMs,
    tool: r.tool ?? undefined,
  }));
  const results = aggregateTrialsByName(trials);
  const summary = summarize(results);

  const baselineRow = await tx.baseline.findFirst({ where: { suiteId: run.suiteId }, select: { results: true } });
  const baseline = baselineRow ? Baseline.safeParse(baselineRow.results) : undefined;
  // Only a run that tested the server is compared: an error run (server unreachable, time limit) regressed nothing,
  // so an outage is not reported as every assertion regressing.
  const tested = status === 'PASSED' || status === 'FAILED';
  const regressions: Regression[] = baseline?.success && tested ? findRegressions(baseline.data, results) : [];

  // The guard repeats the transition's origin: a concurrent finisher blocks on the row lock, then matches nothing.
  const [row] = await tx.run.updateManyAndReturn({
    where: { id: input.runId, status: { in: runStatusesAllowing(input.event.type) } },
    data: {
      status,
      total: summary.total,
      passed: summary.passed,
      failed: summary.failed,
      skipped: summary.skipped,
      regressions: regressions as unknown as object,
      ...(input.slo === undefined ? {} : { sloBreaches: input.slo.breaches as unknown as object }),
      error: input.error ?? null,
      // Absent counters leave the stored ones (a cancel or a reconciler's fail knows none).
      ...(input.callsUsed === undefined ? {} : { callsUsed: input.callsUsed }),
      ...(input.requestsUsed === undefined ? {} : { requestsUsed: input.requestsUsed }),
      ...(input.protocolVersion === undefined ? {} : { protocolVersion: input.protocolVersion }),
      ...(input.coverage === undefined ? {} : { coverage: input.coverage as unknown as object }),
      finishedAt: now,
      durationMs: run.startedAt ? now.getTime() - run.startedAt.getTime() : 0,
      workerId: null,
      ...(input.event.type === 'cancel' ? { cancelRequestedAt: now } : {}),
    },
    select: RUN_ROW_SELECT,
  });
  if (!row) return { finished: false, status: run.status };
  // The suite's daily rollup (long trends, kept after retention deletes the run), by the one finisher that won.
  await recordSuiteDay(tx, {
    tenantId,
    suiteId: run.suiteId,
    finishedAt: now,
    run: {
      status,
      total: summary.total,
      passed: summary.passed,
      failed: summary.failed,
      durationMs: row.durationMs ?? 0,
    },
  });

  // Written after the guarded update, so only the one finisher that ended the run writes it (runId is unique too).
  let conformance: RunRow['conformance'];
  if (input.conformance) {
    const record = toConformanceReportRecord(input.conformance);
    await tx.conformanceReport.create({
      data: {
        tenantId,
        serverId: run.serverId,
        suiteId: run.suiteId,
        runId: input.runId,
        ...record,
        checks: record.checks as unknown as object,
      },
    });
    const { revision, ok, total, passed, failed, warnings, skipped, expectedFailures } = record;
    conformance = { revision, ok, total, passed, failed, warnings, skipped, expectedFailures };
  }
  // The webhook bodies carry the conformance summary as the Run resource does.
  let finished: RunRow = conformance ? { ...row, conformance } : row;

  let surfaceChange: SurfaceChangeForWebhook | undefined;
  if (input.surface) {
    const { surface, hash, pin, policy } = input.surface;
    const recorded = await recordSurface(tx, {
      tenantId,
      serverId: run.serverId,
      surface,
      hash,
      source: 'run',
      runId: input.runId,
      policy,
      now,
    });
    const drift: RunSurfaceDrift = {
      format: 1,
      hash,
      previousHash: recorded.previousHash,
      changed: recorded.changed,
      diff: recorded.diff,
      summary: recorded.diff ? describeSurfaceDiff(recorded.diff) : null,
      pin,
    };
    await tx.run.updateMany({
      where: { id: input.runId },
      data: { surfaceHash: hash, surfaceDrift: drift as unknown as object },
    });
    finished = { ...finished, surfaceDrift: drift };
    if (recorded.changeId !== null && recorded.diff && recorded.previousHash !== null) {
      surfaceChange = {
        serverId: run.serverId,
        projectId: row.projectId,
        source: 'run',
        fromHash: recorded.previousHash,
        toHash: hash,
        diff: recorded.diff,
      };
    }
  }

  if (shouldAdvanceBaseline({ status: wireStatus, trigger: run.trigger, branch: run.branch })) {
    const entries = results.map((r) => ({ name: r.name, status: r.status }));
    const data: Baseline = { version: 1, suite: input.suiteName, createdAt: now.toISOString(), entries };
    await tx.baseline.upsert({
      where: { suiteId: run.suiteId },
      create: { tenantId, suiteId: run.suiteId, runId: input.runId, results: data },
      update: { runId: input.runId, results: data },
    });
  }

  const deliveryIds = await createDeliveries(tx, tenantId, finished, input.appUrl, now, {
    authorizationFailure: input.authorizationFailure,
    sloRaised: input.slo?.raised ?? [],
    surfaceChange,
  });
  const payload: RunFinishedOutboxPayload = {
    suiteId: row.suiteId,
    projectId: row.projectId,
    status: wireStatus,
    summary,
    regressions: regressions.length,
    ...(input.error ? { error: input.error } : {}),
    deliveryIds,
  };
  const outbox = await tx.runOutbox.create({
    data: { tenantId, runId: input.runId, kind: RUN_FINISHED_OUTBOX_KIND, payload },
    select: { id: true, tenantId: true, runId: true, payload: true },
  });
  return { finished: true, status, summary, regressions, startedAt: run.startedAt, outbox };
}

/** What the run found beside its own outcome, each raising an event of its own. */
interface RaisedBesideRun {
  authorizationFailure: AuthorizationFailure | undefined;
  /** SLO targets newly breached: `slo.breached`. */
  sloRaised: SloBreach[];
  surfaceChange: SurfaceChangeForWebhook | undefined;
}

/**
 * One WebhookDelivery row per enabled webhook of the project and event the run raised (`eventsForRun`,
 * `server.authorization_failed` when the run found the server's OAuth connection dead, `server.surface_changed` when
 * it recorded a new surface, `slo.breached` when it found an SLO target newly breached), holding the exact body; the
 * jobs that send them are added after commit (the outbox), so
 * a delivery exists exactly when the run ended.
 */
async function createDeliveries(
  tx: TenantClient,
  tenantId: string,
  row: RunRow,
  appUrl: string,
  now: Date,
  raised: RaisedBesideRun,
): Promise<string[]> {
  const events: WebhookEventToDeliver[] = eventsForRun(row).map((event: RunWebhookEvent) => ({
    event,
    body: buildRunWebhookBody(event, row, appUrl, now),
  }));
  if (raised.authorizationFailure) {
    events.push({
      event: SERVER_AUTHORIZATION_FAILED_EVENT,
      body: buildServerAuthorizationFailedBody(raised.authorizationFailure, row, appUrl, now),
    });
  }
  if (raised.surfaceChange) {
    events.push({
      event: SERVER_SURFACE_CHANGED_EVENT,
      body: buildServerSurfaceChangedBody(raised.surfaceChange, row, appUrl, now),
    });
  }
  if (raised.sloRaised.length > 0) {
    events.push({ event: SLO_BREACHED_EVENT, body: buildSloBreachedBody(raised.sloRaised, row, appUrl, now) });
  }
  return createEventDeliveries(tx, { tenantId, projectId: row.projectId, runId: row.id, events });
}
