import { cancelRun } from '@mcptest/redis';
import { atMost, trackRss, type Benchmark } from './lib/measure';
import { createRun, enqueue, seedSuite, type SeededSuite } from './lib/stack';
import { type WorkerMemory } from './lib/worker-process';
import { NO_CALL_DELAY, openWorkerStack, sharedWorkerStack, type WorkerStack } from './lib/worker-stack';

const TARGET_MB = 5;
const MB = 1024 * 1024;
/** Runs in flight at once in full mode (a worker of its own with this concurrency); quick mode uses the shared worker. */
const FULL_CONCURRENCY = 16;

/**
 * A run as it sits in a worker mid-suite: 9 calls done (their results, transcripts and events recorded), the 10th
 * (`hold`, answered after a minute) in flight on an open session.
 */
export function holdingSuite(): string {
  const done = Array.from(
    { length: 9 },
    (_, i) =>
      `  - name: call ${i + 1}\n` +
      `    assert: { tool: search, args: { q: "q${i + 1}" }, expect: { contains: ["q${i + 1}"] } }\n`,
  );
  return (
    `name: bench memory\ntimeout: 120s\nassertions:\n${done.join('')}` +
    `  - name: held\n    assert: { tool: hold, args: { q: "h" }, expect: { contains: ["h"] } }\n`
  );
}

/**
 * (f) Memory per concurrent run: N runs held in flight at once in one worker process (N = its concurrency), against
 * the same worker idle after warm-up runs, both measured in the worker after a full GC (memory-probe.mjs). The figure
 * held to the target is what the runs keep alive (V8 heap + external memory); the RSS delta is reported beside it,
 * but RSS moves by whole allocator chunks and does not shrink on GC, so at a small N it is mostly noise.
 */
export const runMemory: Benchmark = {
  name: 'run-memory',
  description: '(f) worker RSS and heap per run with N runs in flight at once (N = worker concurrency)',
  async run(context) {
    const concurrency = context.quick ? 4 : FULL_CONCURRENCY;
    const own = !context.quick;
    const ws: WorkerStack = own
      ? await openWorkerStack(context, {
          WORKER_CONCURRENCY: String(concurrency),
          MCPTEST_PLAN_LIMITS: JSON.stringify({ ENTERPRISE: { concurrentRuns: concurrency } }),
        })
      : await sharedWorkerStack(context);
    try {
      const suite = await seedSuite(ws.stack.db, {
        name: 'memory',
        plan: 'ENTERPRISE',
        execPolicy: NO_CALL_DELAY,
        serverUrl: ws.mock.url,
        yaml: holdingSuite(),
      });
      const rss = trackRss();
      // Warm-up: code paths compiled and pools opened by runs of the same suite, cancelled once they reach `hold`.
      await holdAndCancel(ws, suite, concurrency, 1);
      const idle = await ws.worker.memory();
      const held = await holdAndCancel(ws, suite, concurrency, concurrency);
      const after = await ws.worker.memory();
      const perRun = (field: keyof Omit<WorkerMemory, 'collected'>) =>
        (held.memory[field] - idle[field]) / concurrency / MB;
      const rssPerRun = perRun('rss');
      const heapPerRun = perRun('heapUsed');
      const retainedPerRun = heapPerRun + perRun('external');
      const fmt = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
      return [
        {
          benchmark: 'run-memory',
          case: `${concurrency} runs in flight, worker concurrency ${concurrency}`,
          rate: 0,
          unit: 'runs',
          ops: concurrency,
          rss: rss.stop(),
          note:
            `worker after GC: idle RSS ${fmt(idle.rss)}, heap ${fmt(idle.heapUsed)}, external ${fmt(idle.external)}; ` +
            `with ${concurrency} runs in flight RSS ${fmt(held.memory.rss)}, heap ${fmt(held.memory.heapUsed)}, ` +
            `external ${fmt(held.memory.external)}; after they ended heap ${fmt(after.heapUsed)}. The worker runs ` +
            `under tsx here (its source maps and compiler in RSS); production runs the esbuild bundle` +
            (idle.collected ? '' : '; NO GC (the worker lacks --expose-gc)'),
          targets: [
            atMost(
              '(f) memory per concurrent run (worker heap + external after GC)',
              retainedPerRun,
              'MB',
              TARGET_MB,
              `${concurrency} runs in flight vs idle; heap ${heapPerRun.toFixed(2)} MB per run; RSS ` +
                `${rssPerRun.toFixed(2)} MB per run (allocator noise at this N)`,
            ),
          ],
        },
      ];
    } finally {
      if (own) await ws.close();
    }
  },
};

/**
 * Queues `count` runs, waits until each has made its 10th call (the mock has seen `count` more `hold` calls), takes
 * the worker's memory (and calls `whileHeld`), then cancels them and waits until they have ended.
 */
export async function holdAndCancel(
  ws: WorkerStack,
  suite: SeededSuite,
  cap: number,
  count: number,
  /** Also called while the runs are held (run-cost reads Redis there). */
  whileHeld?: () => Promise<void>,
): Promise<{ memory: WorkerMemory }> {
  const holds = () => ws.mock.calls.filter((call) => call.tool === 'hold').length;
  const before = holds();
  const runIds: string[] = [];
  for (let i = 0; i < count; i++) runIds.push(await createRun(ws.stack, suite));
  for (const runId of runIds) await enqueue(ws.stack, suite, runId, cap);
  const deadline = Date.now() + 120_000;
  while (holds() - before < count) {
    if (Date.now() > deadline) throw new Error(`only ${holds() - before} of ${count} runs reached the held call`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const memory = await ws.worker.memory();
  await whileHeld?.();
  const tdb = ws.stack.db.tenant(suite.tenantId);
  for (const runId of runIds) {
    await cancelRun({ ...ws.stack, db: tdb, appUrl: 'http://localhost:3000' }, runId);
  }
  await Promise.all(runIds.map((runId) => ws.worker.finished(runId)));
  return { memory };
}
