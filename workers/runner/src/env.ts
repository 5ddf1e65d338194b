// The one env module of the worker process.
import {
  appUrlSchema,
  decideEnvMode,
  JsonText,
  loadEnv,
  MONITOR_CONFIRM_DELAY_MS,
  PlanLimitsOverride,
  serviceEnvSchema,
  type EnvMode,
} from '@mcptest/core';
import { RUN_FINISH_STEPS } from '@mcptest/redis';
import { z } from 'zod';

export type WorkerEnv = ReturnType<typeof readWorkerEnv>;

export function workerEnvSchema(mode: EnvMode, source: Record<string, string | undefined>) {
  return serviceEnvSchema(mode).extend({
    /** Seconds between heartbeats: the worker's key in Redis and `heartbeatAt` of the runs it executes. */
    WORKER_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
    /** Runs this process executes at once (BullMQ concurrency of the `runs` queue). */
    WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
    /** Port of the health and metrics endpoint (GET /healthz, GET /metrics); 0 picks a free one, -1 turns it off. */
    WORKER_HEALTH_PORT: z.coerce.number().int().min(-1).max(65535).default(9464),
    WORKER_HEALTH_HOST: z.string().min(1).default('127.0.0.1'),
    /** How long SIGTERM waits for runs in flight before handing them back to the queue. */
    WORKER_SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(3600).default(20),
    /** BullMQ lock of a run job: a worker that dies loses its runs to another worker after this. */
    WORKER_LOCK_DURATION_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
    /** How often this worker looks for stalled jobs (BullMQ stalledInterval). */
    WORKER_STALLED_INTERVAL_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
    /** Seconds between reconciler passes (one worker at a time runs it, under a Redis lock). */
    RECONCILE_INTERVAL_SECONDS: z.coerce.number().min(0.2).max(3600).default(15),
    /**
     * Public base URL of the web app: run links in webhook payloads. Defaults like the web app's to
     * http://localhost:$PORT (PORT being the web app's; `npm start` gives both processes the same one).
     */
    APP_URL: appUrlSchema(source),
    /** Per-plan overrides of the limits in packages/core (plan/plan-limits.ts), JSON. */
    MCPTEST_PLAN_LIMITS: JsonText.pipe(PlanLimitsOverride).default({}),
    /** One webhook delivery attempt: connect, send, and read the (capped) answer. */
    WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    /** Backoff of webhook retries: attempt n waits a random time below min(cap, base * 2^(n-1)) (full jitter). */
    WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(30_000),
    /** Longest wait between two attempts, Retry-After included (default 6 h). */
    WEBHOOK_RETRY_CAP_MS: z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 86_400_000)
      .default(6 * 3_600_000),
    /** Attempts per delivery, the first included; then the delivery is FAILED. */
    WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
    /** A webhook is disabled after this many failed attempts in a row (any of its deliveries). */
    WEBHOOK_DISABLE_AFTER_FAILURES: z.coerce.number().int().min(1).max(10_000).default(15),
    /**
     * Worker threads that run the checks of untrusted input (regexes, JSON extraction, JSONPath, a server's schemas,
     * templating, policy globs); default WORKER_CONCURRENCY, so a run never waits for another run's check.
     */
    WORKER_CHECK_THREADS: z.coerce.number().int().min(1).max(64).optional(),
    /** Hard deadline of one check: past it the thread is terminated and replaced and the assertion FAILs. */
    WORKER_CHECK_TIMEOUT_MS: z.coerce.number().int().min(50).max(600_000).default(5_000),
    /** Heap limit of each check thread (resourceLimits.maxOldGenerationSizeMb); a check past it FAILs. */
    WORKER_CHECK_MAX_MEMORY_MB: z.coerce.number().int().min(32).max(16_384).default(256),
    /** Run the uptime monitor ticker in this worker (docs/health.md#uptime-monitors); any number of workers may. */
    MONITOR_ENABLED: z.stringbool().default(true),
    /** Uptime checks this process has in flight at once. */
    MONITOR_CONCURRENCY: z.coerce.number().int().min(1).max(2000).default(200),
    /** How often the monitor ticker claims due monitors and writes finished checks. */
    MONITOR_TICK_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
    /** The whole of one uptime check: connect, handshake and tools/list. */
    MONITOR_CHECK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    /** A failed uptime check is confirmed by a second one this long after, before the monitor turns DOWN. */
    MONITOR_CONFIRM_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(MONITOR_CONFIRM_DELAY_MS),
    /** Run the schedule ticker in this worker (docs/operations.md#schedules); any number of workers may. */
    SCHEDULE_ENABLED: z.stringbool().default(true),
    /** How often the schedule ticker claims due schedules (a slot fires at most this long after it, plus the work). */
    SCHEDULE_TICK_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
    /** Due schedules claimed per statement; a full batch is followed by the next at once. */
    SCHEDULE_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(500),
    /** Schedule firings (run created and queued) this process has in flight at once. */
    SCHEDULE_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
    /** Run the retention job in this worker (docs/operations.md#data-lifecycle); one worker at a time runs a pass. */
    RETENTION_ENABLED: z.stringbool().default(true),
    /** Seconds between retention passes. */
    RETENTION_INTERVAL_SECONDS: z.coerce.number().min(1).max(86_400).default(3600),
    /** Most rows one retention statement deletes: each is a short transaction locking only those rows. */
    RETENTION_BATCH_SIZE: z.coerce.number().int().min(1).max(100_000).default(5000),
    /** Most runs one run-deleting statement picks (their results go first, in batches of RETENTION_BATCH_SIZE). */
    RETENTION_RUNS_PER_BATCH: z.coerce.number().int().min(1).max(100_000).default(500),
    /** Pause between two retention statements, so vacuum, replicas and the runs being written keep up. */
    RETENTION_PAUSE_MS: z.coerce.number().int().min(0).max(60_000).default(50),
    /** A pass stops after this long; the rest is deleted by the next. */
    RETENTION_MAX_PASS_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
    /** Webhook deliveries this process sends at once. */
    WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(8),
    /**
     * Test seam, refused in production: steps of finishing a run, comma-separated; the first run to reach each stops
     * there for good (`run/pause-at-finish-steps.ts`), so the crash test can kill the worker at those points.
     */
    MCPTEST_TEST_PAUSE_AT: z
      .string()
      .default('')
      .transform((v) => v.split(',').filter(Boolean))
      .pipe(z.array(z.enum(RUN_FINISH_STEPS)))
      .refine((v) => v.length === 0 || !mode.production, { message: 'is a test seam; not allowed in production' }),
  });
}

export function readWorkerEnv(source: Record<string, string | undefined> = process.env) {
  return loadEnv(workerEnvSchema(decideEnvMode(source), source), source);
}
