import { resolvePlanTable } from '@mcptest/core';
import { atMost, mean, percentiles, trackRss, type Benchmark } from './lib/measure';
import { callSuite, seedSuite } from './lib/stack';
import { NO_CALL_DELAY, sharedWorkerStack, triggerAndWaitStart } from './lib/worker-stack';

const TARGET_P99_MS = 150;

/**
 * (b) Trigger → worker start with an idle worker: `createQueuedRun` + `enqueueRun` (fair admission, BullMQ), as the
 * API does, until the worker process has marked the run RUNNING (its `run started` log line). One run at a time, each
 * finished before the next is triggered, so the worker is idle at every trigger.
 */
export const startLatency: Benchmark = {
  name: 'start-latency',
  description: '(b) trigger → RUNNING latency with an idle worker process (createQueuedRun + enqueueRun → claim)',
  async run(context) {
    const ws = await sharedWorkerStack(context);
    const suite = await seedSuite(ws.stack.db, {
      name: 'start latency',
      plan: 'TEAM',
      execPolicy: NO_CALL_DELAY,
      serverUrl: ws.mock.url,
      yaml: callSuite(1),
    });
    const cap = resolvePlanTable().TEAM.concurrentRuns;
    const samples = context.quick ? 12 : 200;
    const warmup = context.quick ? 2 : 10;
    const latencies: number[] = [];
    const queueing: number[] = [];
    const statuses = new Map<string, number>();
    const rss = trackRss();
    const started = performance.now();
    for (let i = 0; i < warmup + samples; i++) {
      const run = await triggerAndWaitStart(ws, suite, cap);
      const end = await ws.worker.finished(run.runId);
      if (i < warmup) continue;
      latencies.push(run.startedAt - run.triggeredAt);
      queueing.push(run.queuedAt - run.triggeredAt);
      statuses.set(end.status, (statuses.get(end.status) ?? 0) + 1);
    }
    const elapsedMs = performance.now() - started;
    const p = percentiles(latencies);
    const notPassed = [...statuses].filter(([status]) => status !== 'passed');
    return [
      {
        benchmark: 'start-latency',
        case: 'idle worker, 1-call run',
        rate: (latencies.length * 1000) / elapsedMs,
        unit: 'runs',
        ops: latencies.length,
        latency: p,
        rss: rss.stop(),
        note:
          `trigger → RUNNING, ms resolution (worker log time); createQueuedRun + enqueueRun alone: mean ` +
          `${mean(queueing).toFixed(1)} ms, p99 ${percentiles(queueing).p99} ms; max ${Math.max(...latencies)} ms` +
          (notPassed.length > 0 ? `; NOT ALL PASSED: ${notPassed.map(([s, n]) => `${n} ${s}`).join(', ')}` : ''),
        targets: [
          atMost(
            '(b) trigger → worker start, p99',
            p.p99,
            'ms',
            TARGET_P99_MS,
            `p50 ${p.p50} ms, p95 ${p.p95} ms over ${latencies.length} runs, one at a time`,
          ),
        ],
      },
    ];
  },
};
