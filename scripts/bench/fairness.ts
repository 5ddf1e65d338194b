import { cancelRun } from '@mcptest/redis';
import { atMost, percentiles, trackRss, type Benchmark, type BenchRow } from './lib/measure';
import { callSuite, createRun, enqueue, seedSuite } from './lib/stack';
import { NO_CALL_DELAY, sharedWorkerStack, triggerAndWaitStart, type WorkerStack } from './lib/worker-stack';

const TARGET_MS = 1_000;
const A_QUEUED = 500;
const CAP_B = 4;

interface Scenario {
  label: string;
  /** Tenant A's concurrent-run cap: below the worker's concurrency (4) leaves B a free slot; equal fills the worker. */
  capA: number;
  /** Samples in each mode; 0 leaves the scenario out of that mode. */
  samples: { quick: number; full: number };
}

const SCENARIOS: readonly Scenario[] = [
  { label: 'free worker slot (A cap 2, worker concurrency 4)', capA: 2, samples: { quick: 3, full: 30 } },
  { label: 'worker full of A (A cap 4 = concurrency 4)', capA: 4, samples: { quick: 0, full: 15 } },
];

/**
 * (d) Fairness: tenant A queues 500 10-call runs, then tenant B triggers 1-call runs one after another; each B run's
 * trigger → RUNNING time is measured while A's backlog stays queued. Fair admission (docs/operations.md) admits B's
 * run in the call that queues it, so B waits for a free worker slot, never behind A's backlog.
 */
export const fairness: Benchmark = {
  name: 'fairness',
  description: "(d) tenant B's trigger → RUNNING while tenant A has 500 runs queued, one worker process",
  async run(context) {
    const ws = await sharedWorkerStack(context);
    const rows: BenchRow[] = [];
    for (const scenario of SCENARIOS) {
      if ((context.quick ? scenario.samples.quick : scenario.samples.full) > 0) {
        rows.push(await runScenario(ws, scenario, context.quick));
      }
    }
    return rows;
  },
};

async function runScenario(ws: WorkerStack, scenario: Scenario, quick: boolean): Promise<BenchRow> {
  const { stack, worker } = ws;
  const a = await seedSuite(stack.db, {
    name: `fairness A cap ${scenario.capA}`,
    plan: 'TEAM',
    execPolicy: NO_CALL_DELAY,
    serverUrl: ws.mock.url,
    yaml: callSuite(10),
  });
  const b = await seedSuite(stack.db, {
    name: `fairness B cap ${scenario.capA}`,
    plan: 'TEAM',
    execPolicy: NO_CALL_DELAY,
    serverUrl: ws.mock.url,
    yaml: callSuite(1),
  });
  const aRuns: string[] = [];
  // In batches no larger than the stack's pool (8), so creating the backlog does not queue for connections.
  for (let i = 0; i < A_QUEUED; i += 8) {
    aRuns.push(...(await Promise.all(Array.from({ length: Math.min(8, A_QUEUED - i) }, () => createRun(stack, a)))));
  }
  for (const runId of aRuns) await enqueue(stack, a, runId, scenario.capA);
  // B arrives into a busy system: A's first runs are executing.
  await Promise.all(aRuns.slice(0, scenario.capA).map((runId) => worker.started(runId)));

  const samples = quick ? scenario.samples.quick : scenario.samples.full;
  const waits: number[] = [];
  let minPendingA = Number.POSITIVE_INFINITY;
  const rss = trackRss();
  const started = performance.now();
  try {
    for (let i = 0; i < samples; i++) {
      const run = await triggerAndWaitStart(ws, b, CAP_B);
      waits.push(run.startedAt - run.triggeredAt);
      const stats = await stack.fair.stats();
      minPendingA = Math.min(minPendingA, stats.tenants.find((t) => t.tenantId === a.tenantId)?.pending ?? 0);
      await worker.finished(run.runId);
    }
  } finally {
    await drainTenant(ws, a.tenantId, aRuns);
  }
  const elapsedMs = performance.now() - started;
  const p = percentiles([...waits]);
  const worst = Math.max(...waits);
  return {
    benchmark: 'fairness',
    case: scenario.label,
    rate: (waits.length * 1000) / elapsedMs,
    unit: 'B runs',
    ops: waits.length,
    latency: p,
    rss: rss.stop(),
    note:
      `B's trigger → RUNNING; A still had ≥ ${minPendingA} runs pending at every B start ` + `(of ${A_QUEUED} queued)`,
    targets: [
      atMost(
        `(d) fairness, ${scenario.label}: B's worst start`,
        worst,
        'ms',
        TARGET_MS,
        `p50 ${p.p50} ms over ${waits.length} B runs, A ≥ ${minPendingA} pending`,
      ),
    ],
  };
}

/**
 * Cancels what is left of A's backlog (as the API's cancel does, so the run lifecycle writes the status) and waits
 * until A holds no slot, so the shared worker is idle again.
 */
async function drainTenant(ws: WorkerStack, tenantId: string, runIds: readonly string[]): Promise<void> {
  const { stack } = ws;
  const db = stack.db.tenant(tenantId);
  const queued = await db.run.findMany({ where: { status: 'QUEUED' }, select: { id: true } });
  for (const run of queued) await cancelRun({ ...stack, db, appUrl: 'http://localhost:3000' }, run.id);
  await Promise.all(runIds.map((runId) => stack.fair.remove({ tenantId, runId })));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const stats = await stack.fair.stats();
    const running = await stack.db.tenant(tenantId).run.count({ where: { status: 'RUNNING' } });
    if (running === 0 && !stats.tenants.some((t) => t.tenantId === tenantId)) return;
    if (Date.now() > deadline) throw new Error(`tenant ${tenantId}'s runs did not drain within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
