import { resolvePlanTable } from '@mcptest/core';
import { atLeast, percentiles, trackRss, type Benchmark } from './lib/measure';
import { callSuite, createRun, enqueue, seedSuite } from './lib/stack';
import { NO_CALL_DELAY, sharedWorkerStack } from './lib/worker-stack';

const TARGET_RUNS_PER_MINUTE = 300;
const CALLS_PER_RUN = 10;

/**
 * (c) Throughput of one worker process at its default concurrency (4): a backlog of 10-call runs (one assertion per
 * call, per-assertion sessions as hosted runs use) of one ENTERPRISE tenant (cap 16, so the tenant cap is not what
 * limits), counted from the first run's start to the last run's end. Every run must pass.
 */
export const throughput: Benchmark = {
  name: 'throughput',
  description: '(c) 10-call runs per minute through one worker process at its default concurrency',
  async run(context) {
    const ws = await sharedWorkerStack(context);
    const suite = await seedSuite(ws.stack.db, {
      name: 'throughput',
      plan: 'ENTERPRISE',
      execPolicy: NO_CALL_DELAY,
      serverUrl: ws.mock.url,
      yaml: callSuite(CALLS_PER_RUN),
    });
    const cap = resolvePlanTable().ENTERPRISE.concurrentRuns;
    const count = context.quick ? 12 : 300;
    // Warm-up (not counted): the worker's code paths compiled, its pools and the mock's sessions opened.
    const warmup = await Promise.all(Array.from({ length: context.quick ? 2 : 8 }, () => createRun(ws.stack, suite)));
    for (const runId of warmup) await enqueue(ws.stack, suite, runId, cap);
    await Promise.all(warmup.map((runId) => ws.worker.finished(runId)));
    // All created first, so the measured stretch is the worker's, not the trigger loop's.
    const runIds: string[] = [];
    for (let i = 0; i < count; i++) runIds.push(await createRun(ws.stack, suite));
    const callsBefore = ws.mock.calls.length;
    const workerCpuBefore = await ws.worker.cpuMs();
    // This process serves the MCP calls (the mock server) and does little else meanwhile.
    const ownCpuBefore = process.cpuUsage();
    const rss = trackRss();
    for (const runId of runIds) await enqueue(ws.stack, suite, runId, cap);
    const ends = await Promise.all(runIds.map((runId) => ws.worker.finished(runId, 600_000)));
    const starts = await Promise.all(runIds.map((runId) => ws.worker.started(runId)));
    const workerCpuPerRun = ((await ws.worker.cpuMs()) - workerCpuBefore) / count;
    const ownCpu = process.cpuUsage(ownCpuBefore);
    const mockCpuPerRun = (ownCpu.user + ownCpu.system) / 1000 / count;
    const first = Math.min(...starts);
    const last = Math.max(...ends.map((end) => end.at));
    const perMinute = (count * 60_000) / Math.max(1, last - first);
    const durations = runIds.map((_, i) => ends[i]!.at - starts[i]!);
    const notPassed = ends.filter((end) => end.status !== 'passed').length;
    const calls = ws.mock.calls.length - callsBefore;
    return [
      {
        benchmark: 'throughput',
        case: `${count} runs of ${CALLS_PER_RUN} calls, concurrency 4`,
        rate: (count * 1000) / Math.max(1, last - first),
        unit: 'runs',
        ops: count,
        latency: percentiles(durations),
        rss: rss.stop(),
        note:
          `latency columns: one run, RUNNING → finished; ${(last - first) / 1000} s from first start to last end; ` +
          `CPU per run: worker ${workerCpuPerRun.toFixed(1)} ms (one core's ceiling ≈ ` +
          `${Math.round(60_000 / workerCpuPerRun)} runs/min), mock server and bench ${mockCpuPerRun.toFixed(1)} ms; ` +
          `the mock server answered ${calls} tool calls` +
          (calls !== count * CALLS_PER_RUN ? ` (EXPECTED ${count * CALLS_PER_RUN})` : '') +
          (notPassed > 0 ? `; NOT ALL PASSED: ${notPassed} of ${count}` : ''),
        targets: [
          atLeast(
            '(c) throughput, one worker process',
            perMinute,
            'runs/min',
            TARGET_RUNS_PER_MINUTE,
            `${count} runs × ${CALLS_PER_RUN} calls in ${((last - first) / 1000).toFixed(1)} s, worker concurrency 4; ` +
              `worker CPU ${workerCpuPerRun.toFixed(0)} ms per run`,
          ),
        ],
      },
    ];
  },
};
