// One schedule-firing process of the schedules benchmark (scripts/bench/schedules.ts), a process of its own as a
// worker pod would be, so its CPU time is the firing's alone. Argument: `postgres` runs the worker's schedule ticker
// (workers/runner/src/schedule/start-schedule-loop.ts, production settings); `bullmq` runs the replaced design, a
// BullMQ worker on the `schedules` queue whose handler is the old `suite.scheduled` (createQueuedRun + enqueueRun).
// Neither executes runs: nothing here consumes run.execute. Asked over IPC for its report (CPU, lateness of each
// firing from its slot to its run created and queued, counts) and to stop.
// eslint-disable-next-line no-restricted-imports -- the BullMQ design is measured here, beside the one that replaced it.
import { Worker } from 'bullmq';
import { pino } from 'pino';
import { PlanName, resolvePlanTable } from '@mcptest/core';
import { createDatabase, createQueuedRun } from '@mcptest/db';
import {
  createFairAdmission,
  duplicateRedis,
  legacyBullPrefix,
  createQueues,
  createRedis,
  enqueueRun,
} from '@mcptest/redis';
import { createWorkerMetrics } from '../../../workers/runner/src/observability/metrics';
import { startScheduleLoop } from '../../../workers/runner/src/schedule/start-schedule-loop';
import type { WorkerDeps } from '../../../workers/runner/src/worker-deps';

const design = process.argv[2];
const env = process.env;
const db = createDatabase({ url: env.DATABASE_URL ?? '', maxConnections: 13 });
const redis = createRedis({ url: env.REDIS_URL ?? '', name: 'bench-schedules' });
const prefix = env.REDIS_PREFIX ?? '';
const queues = createQueues({ connection: redis, prefix });
const fair = createFairAdmission({ redis, prefix });
const plans = resolvePlanTable();
const logger = pino({ level: 'warn' }, pino.destination(2));
const lateness: number[] = [];
const counts = { fired: 0, alreadyFired: 0, notAllowed: 0, failed: 0, claimed: 0, ticks: 0 };

let stop: () => Promise<void>;
if (design === 'postgres') {
  // The loop reads db, queues, fair, plans, logger, metrics and now; the run-execution parts stay out of this process.
  const deps = {
    db,
    redis,
    prefix,
    queues,
    fair,
    plans,
    logger,
    metrics: createWorkerMetrics(),
    now: () => new Date(),
  } as unknown as WorkerDeps;
  const loop = startScheduleLoop(
    deps,
    { tickMs: 1000, batchSize: 500, concurrency: 16, leaseMs: 60_000 },
    {
      onTick: (report) => {
        counts.ticks += 1;
        counts.claimed += report.claimed;
        counts.fired += report.fired;
        counts.alreadyFired += report.alreadyFired;
        counts.notAllowed += report.notAllowed;
        counts.failed += report.failed;
        lateness.push(...report.lateness);
      },
    },
  );
  stop = () => loop.stop();
} else if (design === 'bullmq') {
  const worker = new Worker(
    'schedules',
    async (job) => {
      const { suiteId, tenantId } = job.data as { suiteId: string; tenantId: string };
      const tdb = db.tenant(tenantId);
      // The old handler: the suite's flags, the tenant's plan, the run keyed by the firing (the job id), queued.
      const suite = await tdb.suite.findFirst({
        where: { id: suiteId },
        select: { schedule: true, enabled: true, scheduleEnabled: true },
      });
      if (!suite || !suite.enabled || !suite.scheduleEnabled || suite.schedule === null) return 'unscheduled';
      const tenant = await db.global.tenant.findUnique({ where: { id: tenantId }, select: { plan: true } });
      if (!tenant) return 'tenant-missing';
      const { run, created } = await createQueuedRun(tdb, {
        suiteId,
        trigger: 'SCHEDULE',
        idempotencyKey: `schedule:${job.id ?? job.timestamp}`,
      });
      if (run.status === 'QUEUED') {
        await enqueueRun(
          { fair, queues },
          { tenantId, runId: run.id, cap: plans[PlanName.parse(tenant.plan)].concurrentRuns },
        );
      }
      // The firing time BullMQ planned: the job's timestamp plus its delay.
      lateness.push(Math.max(0, Date.now() - (job.timestamp + (job.opts.delay ?? 0))));
      if (created) counts.fired += 1;
      else counts.alreadyFired += 1;
      return run.id;
    },
    // The old worker's concurrency on this queue was 2; 16 is the ticker's, so both designs get the same parallelism.
    { connection: duplicateRedis(redis), prefix: legacyBullPrefix(prefix), concurrency: 16 },
  );
  worker.on('error', (error) => logger.warn({ error: error.message }, 'bullmq worker error'));
  stop = () => worker.close();
} else {
  throw new Error(`schedule-child: unknown design ${design}`);
}

process.on('message', (message: { type: 'report' | 'stop' }) => {
  if (message.type === 'report') {
    const cpu = process.cpuUsage();
    const memory = process.memoryUsage();
    process.send?.({
      type: 'report',
      cpuMs: (cpu.user + cpu.system) / 1000,
      rss: memory.rss,
      heapUsed: memory.heapUsed,
      lateness,
      ...counts,
    });
  } else {
    void stop()
      .then(async () => {
        await queues.close();
        redis.disconnect();
        await db.disconnect();
      })
      // Exit whatever happened: the benchmark waits for this process to end.
      .finally(() => process.exit(0));
  }
});
process.send?.({ type: 'ready' });
