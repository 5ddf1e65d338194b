import type { MockServerHandle } from '@mcptest/mcp';
import { startBenchMock } from './bench-mock';
import type { BenchContext } from './measure';
import { shared } from './shared';
import { createRun, enqueue, openStack, sharedStack, type BenchStack, type SeededSuite } from './stack';
import { startWorkerProcess, type WorkerChild } from './worker-process';

/**
 * Per-host politeness (docs/operations.md) protects the servers under test: by default 20 requests/s and 8 in flight
 * per host, across all workers. Every benchmark run goes to one host (127.0.0.1), so with the defaults the benchmarks
 * would measure that limit, not the worker; they raise it, and docs/benchmarks.md says what the default allows.
 */
export const UNPOLITE = {
  POLITENESS_REQUESTS_PER_SECOND_PER_HOST: '10000',
  POLITENESS_MAX_IN_FLIGHT_PER_HOST: '1000',
};

/** Tenant exec policy of the benchmark tenants: no pause between calls (the default is 100 ms). */
export const NO_CALL_DELAY = { call_delay_ms: 0 };

export interface WorkerStack {
  stack: BenchStack;
  mock: MockServerHandle;
  worker: WorkerChild;
  /** Milliseconds from spawning the worker to its "worker ready". */
  startupMs: number;
  close(): Promise<void>;
}

/**
 * The bench mock server and one worker process against `given` (by default a stack of its own, closed with it), with
 * the given worker env. One worker per stack: two workers on one database with different prefixes would each see the
 * other's queued runs as lost and queue them again (the reconciler).
 */
export async function openWorkerStack(
  context: BenchContext,
  env: Record<string, string> = {},
  given?: BenchStack,
): Promise<WorkerStack> {
  const stack = given ?? (await openStack());
  const closeStack = () => (given ? Promise.resolve() : stack.close());
  let mock: MockServerHandle | undefined;
  try {
    mock = await startBenchMock();
    const started = performance.now();
    const worker = await startWorkerProcess(stack, { ...UNPOLITE, ...env });
    const startupMs = performance.now() - started;
    context.log(`bench: worker pid ${worker.pid} ready in ${(startupMs / 1000).toFixed(1)} s (${stack.prefix})`);
    const opened = mock;
    return {
      stack,
      mock,
      worker,
      startupMs,
      async close() {
        await worker.stop();
        await opened.close();
        await closeStack();
      },
    };
  } catch (error) {
    await mock?.close();
    await closeStack();
    throw error;
  }
}

/**
 * The worker stack that start-latency, throughput, fairness and (quick) run-memory share: one worker process with
 * the default concurrency (4), started once per `npm run bench`. Each benchmark seeds tenants of its own and leaves
 * the worker idle when it is done.
 */
export function sharedWorkerStack(context: BenchContext): Promise<WorkerStack> {
  return shared('the shared worker', async () => openWorkerStack(context, {}, await sharedStack()));
}

export interface TimedRun {
  runId: string;
  /** Epoch ms just before createQueuedRun: the trigger. */
  triggeredAt: number;
  /** Epoch ms when createQueuedRun + enqueueRun returned (what an API call would wait for). */
  queuedAt: number;
  /** Epoch ms of the worker marking it RUNNING. */
  startedAt: number;
}

/** Triggers one run as the API does and waits until the worker has marked it RUNNING. */
export async function triggerAndWaitStart(ws: WorkerStack, suite: SeededSuite, cap: number): Promise<TimedRun> {
  const triggeredAt = Date.now();
  const runId = await createRun(ws.stack, suite);
  await enqueue(ws.stack, suite, runId, cap);
  const queuedAt = Date.now();
  const startedAt = await ws.worker.started(runId);
  return { runId, triggeredAt, queuedAt, startedAt };
}
