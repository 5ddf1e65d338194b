import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** The worker's Prometheus metrics, all in one registry of their own (see `createWorkerMetrics`). */
export interface WorkerMetrics {
  registry: Registry;
  /** mcptest_runs_started_total{trigger}: runs this worker began executing (manual, api, ci, webhook, schedule). */
  runsStarted: Counter<'trigger'>;
  /** mcptest_runs_finished_total{status}: passed | failed | error | cancelled. */
  runsFinished: Counter<'status'>;
  /** mcptest_run_duration_seconds{status}: from `startedAt` to the final status. */
  runDuration: Histogram<'status'>;
  /** mcptest_call_duration_seconds{tool_class,status}: one observation per assertion call. */
  callDuration: Histogram<'tool_class' | 'status'>;
  /** mcptest_budget_refusals_total{scope}: run | tenant_daily. */
  budgetRefusals: Counter<'scope'>;
  /** mcptest_politeness_wait_seconds{limit,outcome}: limit in_flight | rate, outcome proceeded | refused. */
  politenessWaits: Histogram<'limit' | 'outcome'>;
  /** mcptest_jobs_failed_total{queue}: BullMQ jobs that threw (each attempt). */
  jobsFailed: Counter<'queue'>;
  /** mcptest_reconciler_actions_total{action}: requeued | resumed | failed | ... */
  reconcilerActions: Counter<'action'>;
  /**
   * mcptest_monitor_checks_total{outcome}: up, or the failure's reason (connect_failed, timeout, url_refused, ...);
   * `error` for a claimed check not made or not recorded (handed back for a retry), `not_recorded` for results that
   * could not be written at shutdown (back after their lease).
   */
  monitorChecks: Counter<'outcome'>;
  /** mcptest_monitor_lateness_seconds: how long past its due time a monitor check started. */
  monitorLateness: Histogram;
  /** mcptest_monitor_tick_db_seconds: Postgres time of one ticker pass (the batched write and the claim). */
  monitorTickDb: Histogram;
  /** mcptest_schedule_firings_total{outcome}: fired | not_allowed (the plan refuses the cron now) | error (retried). */
  scheduleFirings: Counter<'outcome'>;
  /** mcptest_schedule_lateness_seconds: from a schedule's slot to its run created and queued. */
  scheduleLateness: Histogram;
  /** mcptest_retention_rows_deleted_total{table}: rows the retention job deleted (transcripts: results pruned). */
  retentionRowsDeleted: Counter<'table'>;
  /** mcptest_retention_pass_seconds: wall time of one retention pass (its pauses between batches included). */
  retentionPass: Histogram;
}

export interface QueueDepth {
  queue: string;
  /** waiting | active | delayed | pending_fair | ... */
  state: string;
  count: number;
}

export interface CreateWorkerMetricsOptions {
  /**
   * Called at scrape time for gauge mcptest_queue_depth{queue,state}. If it throws, rejects or takes longer than
   * `queueDepthTimeoutMs`, the gauge is left out of that scrape (no stale values) and the rest is served.
   */
  queueDepth?: () => Promise<QueueDepth[]>;
  /** Default 2000: Prometheus' own scrape timeout is usually 10 s, and a slow Redis must not eat it. */
  queueDepthTimeoutMs?: number;
  /** Node process metrics (CPU, memory, event loop lag, GC) via prom-client's collectDefaultMetrics. */
  collectDefault?: boolean;
}

/**
 * Runs last from one MCP session (about half a second against a nearby server) up to the largest plan's run time
 * limit (packages/core plan-limits: 300 s FREE, 900 s TEAM, 3600 s ENTERPRISE), each limit being a bound itself so runs
 * stopped by their limit land in a bucket of their own.
 */
export const RUN_DURATION_BUCKETS = [0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 900, 1800, 3600];
/**
 * One tools/call: a few ms against the local mock server, tens to hundreds of ms against a remote server, up to
 * seconds for slow tools; 60 s is the longest a call is expected to be allowed to take.
 */
export const CALL_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
/** A politeness wait: a rate window (up to 1 s) or an in-flight slot, up to POLITENESS_MAX_WAIT_MS (default 30 s). */
/** A monitor check's start past its due time: the ticker's period (1 s) and above when the worker is saturated. */
export const MONITOR_LATENESS_BUCKETS = [0.1, 0.5, 1, 2, 5, 10, 30, 60, 300];
/** One ticker pass's Postgres time: a claim and a batched write, a millisecond or two when healthy. */
export const MONITOR_TICK_DB_BUCKETS = [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 5];
/** A retention pass: seconds when there is little to delete, up to RETENTION_MAX_PASS_SECONDS on a backlog. */
export const RETENTION_PASS_BUCKETS = [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600];
export const POLITENESS_WAIT_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/**
 * Creates the worker's metrics in a fresh `Registry`, never prom-client's global one, so tests and several workers in
 * one process do not collide ("metric already registered").
 */
export function createWorkerMetrics(options: CreateWorkerMetricsOptions = {}): WorkerMetrics {
  const registry = new Registry();
  const registers = [registry];
  if (options.collectDefault) collectDefaultMetrics({ register: registry });

  const queueDepth = options.queueDepth;
  const timeoutMs = options.queueDepthTimeoutMs ?? 2000;
  new Gauge({
    name: 'mcptest_queue_depth',
    help: 'Jobs per queue and state at scrape time (pending_fair: admitted to the queue, waiting for a fair-share slot).',
    labelNames: ['queue', 'state'] as const,
    registers,
    async collect() {
      // Values are re-read on every scrape; without reset a queue/state that disappeared would keep its last count.
      this.reset();
      if (!queueDepth) return;
      let depths: QueueDepth[];
      try {
        depths = await withTimeout(queueDepth(), timeoutMs);
      } catch {
        return; // Redis down or slow: serve the other metrics; the health check reports the outage.
      }
      if (!Array.isArray(depths)) return;
      for (const depth of depths) {
        if (typeof depth?.queue !== 'string' || typeof depth.state !== 'string') continue;
        if (typeof depth.count !== 'number' || !Number.isFinite(depth.count)) continue;
        this.set({ queue: depth.queue, state: depth.state }, depth.count);
      }
    },
  });

  return {
    registry,
    runsStarted: new Counter({
      name: 'mcptest_runs_started_total',
      help: 'Runs this worker began executing, by trigger.',
      labelNames: ['trigger'] as const,
      registers,
    }),
    runsFinished: new Counter({
      name: 'mcptest_runs_finished_total',
      help: 'Runs that reached a final status (passed, failed, error, cancelled).',
      labelNames: ['status'] as const,
      registers,
    }),
    runDuration: new Histogram({
      name: 'mcptest_run_duration_seconds',
      help: 'Time from a run starting to its final status.',
      labelNames: ['status'] as const,
      buckets: RUN_DURATION_BUCKETS,
      registers,
    }),
    callDuration: new Histogram({
      name: 'mcptest_call_duration_seconds',
      help: 'Duration of one assertion call, by tool class and assertion status.',
      labelNames: ['tool_class', 'status'] as const,
      buckets: CALL_DURATION_BUCKETS,
      registers,
    }),
    budgetRefusals: new Counter({
      name: 'mcptest_budget_refusals_total',
      help: 'Calls not made because a call budget was exhausted (run: max_calls, tenant_daily: daily budget).',
      labelNames: ['scope'] as const,
      registers,
    }),
    politenessWaits: new Histogram({
      name: 'mcptest_politeness_wait_seconds',
      help: 'Time requests waited on a per-host politeness limit, and whether they then proceeded or were refused.',
      labelNames: ['limit', 'outcome'] as const,
      buckets: POLITENESS_WAIT_BUCKETS,
      registers,
    }),
    jobsFailed: new Counter({
      name: 'mcptest_jobs_failed_total',
      help: 'Queue jobs whose attempt failed, by queue.',
      labelNames: ['queue'] as const,
      registers,
    }),
    reconcilerActions: new Counter({
      name: 'mcptest_reconciler_actions_total',
      help: 'Repairs made by the reconciler (requeued, resumed, failed, ...).',
      labelNames: ['action'] as const,
      registers,
    }),
    monitorChecks: new Counter({
      name: 'mcptest_monitor_checks_total',
      help:
        'Uptime monitor checks this worker made, by outcome (up, or why it failed; error: not made or not recorded, ' +
        'retried; not_recorded: not written at shutdown).',
      labelNames: ['outcome'] as const,
      registers,
    }),
    monitorLateness: new Histogram({
      name: 'mcptest_monitor_lateness_seconds',
      help: 'How long past its due time an uptime monitor check started.',
      buckets: MONITOR_LATENESS_BUCKETS,
      registers,
    }),
    monitorTickDb: new Histogram({
      name: 'mcptest_monitor_tick_db_seconds',
      help: 'Postgres time of one uptime monitor ticker pass (batched write of finished checks, claim of due ones).',
      buckets: MONITOR_TICK_DB_BUCKETS,
      registers,
    }),
    scheduleFirings: new Counter({
      name: 'mcptest_schedule_firings_total',
      help: 'Schedule slots this worker handled, by outcome (fired; not_allowed by the plan now; error: retried).',
      labelNames: ['outcome'] as const,
      registers,
    }),
    scheduleLateness: new Histogram({
      name: 'mcptest_schedule_lateness_seconds',
      help: "How long after its slot a schedule's run was created and queued.",
      buckets: MONITOR_LATENESS_BUCKETS,
      registers,
    }),
    retentionRowsDeleted: new Counter({
      name: 'mcptest_retention_rows_deleted_total',
      help: 'Rows the retention job deleted, by table (AssertionResult.transcript: transcripts removed, results kept).',
      labelNames: ['table'] as const,
      registers,
    }),
    retentionPass: new Histogram({
      name: 'mcptest_retention_pass_seconds',
      help: 'Wall time of one retention pass, pauses between batches included.',
      buckets: RETENTION_PASS_BUCKETS,
      registers,
    }),
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
