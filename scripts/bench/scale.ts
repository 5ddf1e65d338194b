import os from 'node:os';
import { resolvePlanTable } from '@mcptest/core';
import type { MockServerHandle } from '@mcptest/mcp';
import { startPrivateRedis } from '../../test/private-redis';
import { startBenchMock } from './lib/bench-mock';
import { percentiles, trackRss, type Benchmark, type BenchContext, type BenchRow } from './lib/measure';
import { backendsCpuDeltaMs, postgresBackendsCpuMs, processCpuMs } from './lib/proc-cpu';
import { callSuite, createRun, enqueue, openStack, seedSuite, type BenchStack, type SeededSuite } from './lib/stack';
import { NO_CALL_DELAY, UNPOLITE } from './lib/worker-stack';
import { startWorkerProcess, type WorkerChild } from './lib/worker-process';

const CALLS_PER_RUN = 10;
/**
 * Quick mode (a smoke test in `npm test`, which must stay short) measures one stage of two workers, started together:
 * each stage's start costs seconds on a loaded machine, and two workers already take the multi-process path.
 */
const WORKER_COUNTS = { quick: [2], full: [1, 2, 4] } as const;

/**
 * Horizontal scale (issue 20): the same backlog of 10-call runs through 1, then 2, then 4 worker processes (each at
 * its default concurrency, 4) against one Postgres database and one Redis, with the CPU time of every process that
 * does the work: each worker (its probe), this process (the mock MCP server, and the enqueueing and polling), the
 * redis-server (a private one, so no other user's load is in its figure) and the database's Postgres backends (by
 * /proc). Two ENTERPRISE tenants (cap 16 each, 32 admitted at once) keep the tenant caps above the 16 worker slots of
 * four workers, so the workers are what limits. Workers are added between stages, never restarted; each stage starts
 * with warm-up runs not counted (the new workers' code paths compiled, their pools opened).
 */
export const scale: Benchmark = {
  name: 'scale',
  description: '10-call runs per minute through 1, 2 and 4 worker processes, with each process’s CPU time',
  async run(context) {
    const redis = await startPrivateRedis();
    let stack: BenchStack | undefined;
    let mock: MockServerHandle | undefined;
    const workers: WorkerChild[] = [];
    try {
      stack = await openStack({ redisUrl: redis.url });
      mock = await startBenchMock();
      const suites: SeededSuite[] = [];
      for (const name of ['scale A', 'scale B']) {
        suites.push(
          await seedSuite(stack.db, {
            name,
            plan: 'ENTERPRISE',
            execPolicy: NO_CALL_DELAY,
            serverUrl: mock.url,
            yaml: callSuite(CALLS_PER_RUN),
          }),
        );
      }
      const rows: BenchRow[] = [];
      let oneWorkerRate: number | undefined;
      for (const count of context.quick ? WORKER_COUNTS.quick : WORKER_COUNTS.full) {
        const startedAt = performance.now();
        const started = await Promise.all(
          Array.from({ length: count - workers.length }, () => startWorkerProcess(stack!, UNPOLITE)),
        );
        workers.push(...started);
        context.log(
          `bench: scale: ${workers.length} worker(s), pids ${workers.map((w) => w.pid).join(', ')} ` +
            `(${started.length} started in ${((performance.now() - startedAt) / 1000).toFixed(1)} s)`,
        );
        const row = await measureStage(context, { stack, mock, redisPid: redis.pid, suites, workers, oneWorkerRate });
        oneWorkerRate ??= row.rate;
        rows.push(row);
      }
      return rows;
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
      await mock?.close();
      await stack?.close();
      await redis.stop();
    }
  },
};

interface Stage {
  stack: BenchStack;
  mock: MockServerHandle;
  redisPid: number;
  suites: readonly SeededSuite[];
  workers: readonly WorkerChild[];
  /** Runs per second of the one-worker stage, once measured. */
  oneWorkerRate: number | undefined;
}

const FINAL = ['PASSED', 'FAILED', 'ERROR', 'CANCELLED'];

/** Creates `count` runs (not queued), alternating between the suites, in batches the stack's pool (8) can take. */
async function createRuns(stage: Stage, count: number): Promise<{ suite: SeededSuite; runId: string }[]> {
  const runs: { suite: SeededSuite; runId: string }[] = [];
  for (let i = 0; i < count; i += 8) {
    const batch = Array.from(
      { length: Math.min(8, count - i) },
      (_, j) => stage.suites[(i + j) % stage.suites.length]!,
    );
    runs.push(
      ...(await Promise.all(batch.map(async (suite) => ({ suite, runId: await createRun(stage.stack, suite) })))),
    );
  }
  return runs;
}

/** Queues the runs as the API does and polls Postgres until every one has ended; returns their rows. */
async function runToEnd(stage: Stage, runs: readonly { suite: SeededSuite; runId: string }[], timeoutMs: number) {
  const cap = resolvePlanTable().ENTERPRISE.concurrentRuns;
  for (const { suite, runId } of runs) await enqueue(stage.stack, suite, runId, cap);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await Promise.all(
      stage.suites.map((suite) =>
        stage.stack.db.tenant(suite.tenantId).run.findMany({
          where: { id: { in: runs.map((run) => run.runId) } },
          select: { id: true, status: true, startedAt: true, finishedAt: true },
        }),
      ),
    );
    const rows = found.flat();
    if (rows.length === runs.length && rows.every((row) => FINAL.includes(row.status))) return rows;
    if (Date.now() > deadline) throw new Error(`the runs did not all end within ${timeoutMs / 1000} s`);
    // Slow enough that the polling costs this process and Postgres little next to the runs.
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function measureStage(context: BenchContext, stage: Stage): Promise<BenchRow> {
  const { workers } = stage;
  const n = workers.length;
  // Warm-up, not counted: enough runs that every worker takes some.
  await runToEnd(stage, await createRuns(stage, (context.quick ? 1 : 8) * n), 300_000);

  const count = context.quick ? 6 : 240;
  const runs = await createRuns(stage, count);
  const callsBefore = stage.mock.calls.length;
  const finishedBefore = workers.map((worker) => total(worker.finishedCount()));
  const workerCpuBefore = await Promise.all(workers.map((worker) => worker.cpuMs()));
  const ownBefore = process.cpuUsage();
  const redisBefore = processCpuMs(stage.redisPid);
  const postgresBefore = postgresBackendsCpuMs(stage.stack.databaseName);
  const loadBefore = os.loadavg()[0] ?? 0;
  const wallStarted = performance.now();
  const rss = trackRss();

  const rows = await runToEnd(stage, runs, 900_000);

  const wallMs = performance.now() - wallStarted;
  const workerCpu = (await Promise.all(workers.map((worker) => worker.cpuMs()))).map(
    (ms, i) => ms - workerCpuBefore[i]!,
  );
  const own = process.cpuUsage(ownBefore);
  const ownCpu = (own.user + own.system) / 1000;
  const redisAfter = processCpuMs(stage.redisPid);
  const redisCpu = redisBefore === undefined || redisAfter === undefined ? Number.NaN : redisAfter - redisBefore;
  const postgresCpu = backendsCpuDeltaMs(postgresBefore, postgresBackendsCpuMs(stage.stack.databaseName));
  const loadAfter = os.loadavg()[0] ?? 0;
  // A worker logs `run finished` just after the row is written: wait (briefly) for the last lines.
  const finishedSince = () => workers.map((worker, i) => total(worker.finishedCount()) - finishedBefore[i]!);
  for (let waited = 0; finishedSince().reduce((a, b) => a + b, 0) < count && waited < 5_000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const perWorker = finishedSince();

  const first = Math.min(...rows.map((row) => row.startedAt?.getTime() ?? Number.POSITIVE_INFINITY));
  const last = Math.max(...rows.map((row) => row.finishedAt?.getTime() ?? 0));
  const spanMs = Math.max(1, last - first);
  const rate = (count * 1000) / spanMs;
  const durations = rows.map((row) => (row.finishedAt?.getTime() ?? last) - (row.startedAt?.getTime() ?? first));
  const workersCpu = workerCpu.reduce((a, b) => a + b, 0);
  const cpuTotal = workersCpu + ownCpu + (Number.isNaN(redisCpu) ? 0 : redisCpu) + postgresCpu;
  const notPassed = rows.filter((row) => row.status !== 'PASSED').length;
  const calls = stage.mock.calls.length - callsBefore;
  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  return {
    benchmark: 'scale',
    case: `${n} worker process${n === 1 ? '' : 'es'}, ${count} runs of ${CALLS_PER_RUN} calls`,
    rate,
    unit: 'runs',
    ops: count,
    latency: percentiles(durations),
    rss: rss.stop(),
    note:
      `${n} worker${n === 1 ? '' : 's'}: ${Math.round(rate * 60)} runs/min` +
      (stage.oneWorkerRate === undefined ? '' : ` (${(rate / stage.oneWorkerRate).toFixed(2)}× one worker)`) +
      ` over ${seconds(spanMs)} s from first start to last end; CPU s: workers ${workerCpu.map(seconds).join(' + ')}` +
      `, mock server and bench ${seconds(ownCpu)}, redis-server ${seconds(redisCpu)}, Postgres backends ` +
      `${seconds(postgresCpu)}; total ${seconds(cpuTotal)} CPU s in ${seconds(wallMs)} s wall ` +
      `(${(cpuTotal / wallMs).toFixed(2)} of ${os.cpus().length} cores busy); ` +
      `${(count / (cpuTotal / 1000)).toFixed(2)} runs per CPU-second (worker CPU ${(workersCpu / count).toFixed(0)} ms ` +
      `per run); runs finished per worker ${perWorker.join('/')}` +
      (perWorker.reduce((a, b) => a + b, 0) !== count ? ` (EXPECTED ${count} in all)` : '') +
      `; load average ${loadBefore.toFixed(2)} → ` +
      `${loadAfter.toFixed(2)}` +
      (calls !== count * CALLS_PER_RUN
        ? `; the mock answered ${calls} calls (EXPECTED ${count * CALLS_PER_RUN})`
        : '') +
      (notPassed > 0 ? `; NOT ALL PASSED: ${notPassed} of ${count}` : ''),
  };
}

function total(counts: Map<string, number>): number {
  let sum = 0;
  for (const value of counts.values()) sum += value;
  return sum;
}
