import { hostname } from 'node:os';
import type { Logger } from 'pino';
import { resolvePlanTable } from '@mcptest/core';
import { createDatabase, createSecretBox, type Database } from '@mcptest/db';
import { createSafeFetch } from '@mcptest/mcp';
import { createCheckPool } from '@mcptest/mcp/check-pool';
import {
  createFairAdmission,
  createJobWorker,
  createPolitenessGate,
  createQueues,
  createRedis,
  duplicateRedis,
  dispatchAdmittedRuns,
  JOB_CATALOG,
  pingRedis,
  redisKey,
  removeLegacySchedules,
  subscribeRunCancels,
  type Redis,
} from '@mcptest/redis';
import type { WorkerEnv } from './env';
import { createWorkerMetrics } from './observability/metrics';
import { startHealthServer, type HealthServer } from './observability/start-health-server';
import type { reconcileRuns } from './reconcile/reconcile-runs';
import { startMonitorLoop, type MonitorLoop } from './monitor/start-monitor-loop';
import { startReconcilerLoop } from './reconcile/start-reconciler-loop';
import { startRetentionLoop, type RetentionLoop } from './retention/start-retention-loop';
import { ActiveRuns } from './run/active-runs';
import { executeRunJob } from './run/execute-run-job';
import { failExhaustedRun } from './run/fail-exhausted-run';
import { pauseAtFinishSteps } from './run/pause-at-finish-steps';
import { startHeartbeat } from './run/start-heartbeat';
import { startScheduleLoop, type ScheduleLoop } from './schedule/start-schedule-loop';
import { deliverWebhook } from './webhook/deliver-webhook';
import type { WorkerDeps } from './worker-deps';

export interface RunningWorker {
  /** Redis key of this worker's heartbeat (expires unless refreshed). */
  readonly heartbeatKey: string;
  readonly workerId: string;
  /** The health/metrics endpoint, unless WORKER_HEALTH_PORT is -1. */
  readonly health: HealthServer | undefined;
  readonly deps: WorkerDeps;
  /** The uptime monitor ticker, unless MONITOR_ENABLED is false. */
  readonly monitors: MonitorLoop | undefined;
  /** The schedule ticker, unless SCHEDULE_ENABLED is false. */
  readonly schedules: ScheduleLoop | undefined;
  /** The retention job's loop, unless RETENTION_ENABLED is false. */
  readonly retention: RetentionLoop | undefined;
  /** Runs the reconciler once now (tests; the timer runs it every RECONCILE_INTERVAL_SECONDS). */
  reconcile(): ReturnType<typeof reconcileRuns>;
  /** Graceful: stops taking jobs, lets runs in flight finish for the grace period, then hands the rest back. */
  stop(): Promise<void>;
}

export interface StartWorkerOptions {
  env: WorkerEnv;
  logger: Logger;
  /** How long to keep retrying Postgres and Redis at start before giving up. */
  startupTimeoutMs?: number;
}

async function waitUntilReady(
  name: string,
  ping: () => Promise<{ ok: true; latencyMs: number } | { ok: false; error: string }>,
  deadline: number,
  logger: Logger,
): Promise<number> {
  let delay = 250;
  for (;;) {
    const result = await ping();
    if (result.ok) return result.latencyMs;
    if (Date.now() + delay > deadline) throw new Error(`${name} is not reachable: ${result.error}`);
    logger.warn({ service: name, error: result.error, retryInMs: delay }, `${name} not reachable yet`);
    await new Promise((r) => setTimeout(r, delay));
    delay = Math.min(delay * 2, 4000);
  }
}

/**
 * Starts the worker process's parts: Postgres and Redis (retried until `startupTimeoutMs`), the `runs` and `webhooks`
 * BullMQ workers, the schedule and uptime monitor tickers, the cancel subscription, the heartbeat of this worker and of its runs, the reconciler,
 * and the health/metrics endpoint. docs/operations.md explains how several of these share the work.
 */
export async function startWorker(options: StartWorkerOptions): Promise<RunningWorker> {
  const { env, logger } = options;
  const deadline = Date.now() + (options.startupTimeoutMs ?? 30_000);
  const db: Database = createDatabase({
    url: env.DATABASE_URL,
    // Runs use one connection each; the monitor ticker's passes and transitions take a few more, and the schedule
    // ticker's firings (sequential queries each) share up to 8.
    maxConnections:
      Math.max(5, env.WORKER_CONCURRENCY + 3) +
      (env.MONITOR_ENABLED ? 4 : 0) +
      (env.SCHEDULE_ENABLED ? Math.min(env.SCHEDULE_CONCURRENCY, 8) : 0),
  });
  const redis: Redis = createRedis({ url: env.REDIS_URL, name: 'mcptest-worker' });
  // ioredis reports connection errors as events; without a listener they would crash the process.
  redis.on('error', (error) => logger.debug({ error: error.message }, 'redis connection error'));
  const closers: (() => Promise<unknown>)[] = [];
  const closeAll = async () => {
    for (const close of closers.reverse()) await close().catch(() => {});
    redis.disconnect();
    await db.disconnect();
  };
  try {
    const pgLatency = await waitUntilReady('postgres', () => db.ping(), deadline, logger);
    const redisLatency = await waitUntilReady('redis', () => pingRedis(redis), deadline, logger);
    const workerId = `${hostname()}-${process.pid}`;
    const prefix = env.REDIS_PREFIX;
    const heartbeatKey = redisKey(prefix, 'worker', workerId);

    const queues = createQueues({ connection: redis, prefix });
    closers.push(() => queues.close());
    const fair = createFairAdmission({ redis, prefix });
    const metrics = createWorkerMetrics({
      collectDefault: true,
      queueDepth: async () => {
        const depths = [];
        for (const name of ['runs', 'webhooks'] as const) {
          const counts = await queues.queue(name).getJobCounts('waiting', 'active', 'delayed', 'failed');
          for (const [state, count] of Object.entries(counts)) depths.push({ queue: name, state, count });
        }
        const stats = await fair.stats();
        depths.push({ queue: 'runs', state: 'pending_fair', count: stats.pending });
        return depths;
      },
    });
    // Every request of a run passes the per-host politeness gate inside the SSRF-safe fetch (keyed on the address
    // its connection goes to); each run adds its own budget gate in front (executeSuite, `fetch.withGate`).
    const safeFetch = createSafeFetch({
      allowPrivateNetworks: env.MCPTEST_ALLOW_PRIVATE_NETWORKS,
      gate: createPolitenessGate({
        redis,
        prefix,
        maxInFlightPerHost: env.POLITENESS_MAX_IN_FLIGHT_PER_HOST,
        requestsPerSecondPerHost: env.POLITENESS_REQUESTS_PER_SECOND_PER_HOST,
        maxWaitMs: env.POLITENESS_MAX_WAIT_MS,
        onWait: (event) => {
          metrics.politenessWaits.observe({ limit: event.limit, outcome: event.outcome }, event.waitedMs / 1000);
          if (event.outcome === 'refused') logger.warn(event, 'politeness: request refused');
        },
      }),
      // The tenant's result names the rule only; the operator's log keeps the address the name resolved to.
      onRefused: (error) => logger.warn({ rule: error.rule, address: error.address }, error.message),
    });
    closers.push(() => safeFetch.close());
    // Webhook receivers get a fetch of their own: the same address rules, the delivery's time limit, and no per-host
    // politeness (a receiver is not a server under test; its deliveries are few and retried with backoff).
    const webhookFetch = createSafeFetch({
      allowPrivateNetworks: env.MCPTEST_ALLOW_PRIVATE_NETWORKS,
      timeoutMs: env.WEBHOOK_TIMEOUT_MS,
      connectTimeoutMs: Math.min(10_000, env.WEBHOOK_TIMEOUT_MS),
    });
    closers.push(() => webhookFetch.close());
    const checker = createCheckPool({
      threads: env.WORKER_CHECK_THREADS ?? env.WORKER_CONCURRENCY,
      timeoutMs: env.WORKER_CHECK_TIMEOUT_MS,
      maxMemoryMb: env.WORKER_CHECK_MAX_MEMORY_MB,
    });
    closers.push(() => checker.close());
    const deps: WorkerDeps = {
      db,
      redis,
      prefix,
      queues,
      fair,
      logger,
      metrics,
      secretBox: createSecretBox(env.MCPTEST_ENCRYPTION_KEYS),
      plans: resolvePlanTable(env.MCPTEST_PLAN_LIMITS),
      fetch: safeFetch,
      checker,
      workerId,
      active: new ActiveRuns(),
      webhooks: {
        fetch: webhookFetch,
        appUrl: env.APP_URL,
        timeoutMs: env.WEBHOOK_TIMEOUT_MS,
        retryBaseMs: env.WEBHOOK_RETRY_BASE_MS,
        retryCapMs: env.WEBHOOK_RETRY_CAP_MS,
        maxAttempts: env.WEBHOOK_MAX_ATTEMPTS,
        disableAfterFailures: env.WEBHOOK_DISABLE_AFTER_FAILURES,
      },
      now: () => new Date(),
      reachedFinishStep: pauseAtFinishSteps(env.MCPTEST_TEST_PAUSE_AT, logger),
    };

    const runsWorker = createJobWorker(
      'runs',
      { 'run.execute': (payload, context) => executeRunJob(deps, payload, context) },
      {
        connection: redis,
        prefix,
        concurrency: env.WORKER_CONCURRENCY,
        lockDurationMs: env.WORKER_LOCK_DURATION_MS,
        stalledIntervalMs: env.WORKER_STALLED_INTERVAL_MS,
      },
    );
    const webhooksWorker = createJobWorker(
      'webhooks',
      { 'webhook.deliver': (payload, context) => deliverWebhook(deps, payload, context) },
      { connection: redis, prefix, concurrency: env.WEBHOOK_CONCURRENCY },
    );
    for (const [queue, worker] of [
      ['runs', runsWorker],
      ['webhooks', webhooksWorker],
    ] as const) {
      worker.on('error', (error) => logger.error({ queue, error: error.message }, 'queue worker error'));
      worker.on('failed', (job, error) => {
        metrics.jobsFailed.inc({ queue });
        logger.error({ queue, jobId: job?.id, job: job?.name, error: error.message }, 'job failed');
        if (!job) return;
        failExhaustedRun(deps, job, error).catch((e: Error) =>
          logger.error({ jobId: job.id, error: e.message }, 'could not record a failed run'),
        );
      });
    }
    closers.push(() => webhooksWorker.close());

    const subscriber = duplicateRedis(redis);
    subscriber.on('error', (error) => logger.debug({ error: error.message }, 'redis subscriber error'));
    const unsubscribe = await subscribeRunCancels(subscriber, prefix, (runId) => {
      if (deps.active.abort(runId, 'cancelled')) logger.info({ runId }, 'run cancel requested; stopping it');
    });
    closers.push(async () => {
      await unsubscribe();
      subscriber.disconnect();
    });

    const heartbeat = await startHeartbeat(deps, { key: heartbeatKey, seconds: env.WORKER_HEARTBEAT_SECONDS });
    const reconciler = startReconcilerLoop(deps, {
      intervalSeconds: env.RECONCILE_INTERVAL_SECONDS,
      reconcile: {
        queuedGraceMs: Math.max(1000, env.RECONCILE_INTERVAL_SECONDS * 2000),
        heartbeatStaleMs: env.WORKER_HEARTBEAT_SECONDS * 3000 + env.WORKER_LOCK_DURATION_MS,
        outboxGraceMs: Math.max(1000, env.RECONCILE_INTERVAL_SECONDS * 2000),
        maxAttempts: JOB_CATALOG['run.execute'].attempts,
      },
    });

    // Uptime monitors: a ticker over Postgres' due-time index, in every worker (SKIP LOCKED shares the work).
    const monitors = env.MONITOR_ENABLED
      ? startMonitorLoop(deps, {
          concurrency: env.MONITOR_CONCURRENCY,
          tickMs: env.MONITOR_TICK_MS,
          checkTimeoutMs: env.MONITOR_CHECK_TIMEOUT_MS,
          confirmDelayMs: env.MONITOR_CONFIRM_DELAY_MS,
        })
      : undefined;

    // Schedules: a ticker over Postgres' nextFireAt index, in every worker (SKIP LOCKED shares the slots).
    const schedules = env.SCHEDULE_ENABLED
      ? startScheduleLoop(deps, {
          tickMs: env.SCHEDULE_TICK_MS,
          batchSize: env.SCHEDULE_BATCH_SIZE,
          concurrency: env.SCHEDULE_CONCURRENCY,
          leaseMs: 60_000,
        })
      : undefined;
    // Retention: one worker at a time (a Redis lock) deletes what the plans no longer keep, in bounded batches.
    const retention = env.RETENTION_ENABLED
      ? startRetentionLoop(deps, {
          intervalSeconds: env.RETENTION_INTERVAL_SECONDS,
          settings: {
            batchSize: env.RETENTION_BATCH_SIZE,
            runsPerBatch: env.RETENTION_RUNS_PER_BATCH,
            pauseMs: env.RETENTION_PAUSE_MS,
            maxPassMs: env.RETENTION_MAX_PASS_SECONDS * 1000,
          },
        })
      : undefined;

    let shuttingDown = false;
    let health: HealthServer | undefined;
    if (env.WORKER_HEALTH_PORT >= 0) {
      health = await startHealthServer({
        host: env.WORKER_HEALTH_HOST,
        port: env.WORKER_HEALTH_PORT,
        registry: metrics.registry,
        checks: [
          { name: 'postgres', check: () => db.ping() },
          { name: 'redis', check: () => pingRedis(redis) },
        ],
        isShuttingDown: () => shuttingDown,
      });
      const server = health;
      closers.push(() => server.close());
    }
    // The BullMQ job schedulers of an older version: Postgres holds the schedules now (Suite.nextFireAt).
    if (await removeLegacySchedules(redis, prefix)) logger.info('legacy BullMQ schedules queue removed');
    // Runs admitted before this worker existed (or while none was up) are in BullMQ already; these may be waiting.
    await dispatchAdmittedRuns({ fair, queues });

    logger.info(
      {
        postgresMs: pgLatency,
        redisMs: redisLatency,
        heartbeatKey,
        workerId,
        health: health?.url,
        concurrency: env.WORKER_CONCURRENCY,
      },
      'worker ready',
    );
    return {
      heartbeatKey,
      workerId,
      health,
      deps,
      monitors,
      schedules,
      retention,
      reconcile: reconciler.reconcile,
      async stop() {
        if (shuttingDown) return;
        shuttingDown = true;
        reconciler.stop();
        const monitorsStopped = monitors?.stop();
        const schedulesStopped = schedules?.stop();
        const retentionStopped = retention?.stop();
        const closing = runsWorker.close();
        const graceMs = env.WORKER_SHUTDOWN_GRACE_SECONDS * 1000;
        const grace = setTimeout(() => {
          const handed = deps.active.abortAll('shutdown');
          if (handed > 0) logger.warn({ runs: handed }, 'grace period over: handing runs back to the queue');
        }, graceMs);
        await closing;
        await monitorsStopped;
        await schedulesStopped;
        await retentionStopped;
        clearTimeout(grace);
        await heartbeat.stop();
        await closeAll();
        logger.info('worker stopped');
      },
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
