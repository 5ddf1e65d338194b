import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { resolvePlanTable } from '@mcptest/core';
import { createTenant, findLatencyWindow, seedRun, type Database } from '@mcptest/db';
import type { ServiceDeps } from '../../apps/web/src/server/services/service-deps';
import { getRunWithResults } from '../../apps/web/src/server/services/runs/get-run-with-results';
import { listRuns } from '../../apps/web/src/server/services/runs/list-runs';
import { getSuiteTrend } from '../../apps/web/src/server/services/runs/get-suite-trend';
import { getSuiteDailyTrend } from '../../apps/web/src/server/services/runs/get-suite-daily-trend';
import { findLatestFinishedRun } from '../../apps/web/src/server/services/badges/find-latest-finished-run';
import { createWorkerMetrics } from '../../workers/runner/src/observability/metrics';
import { runRetentionPass } from '../../workers/runner/src/retention/run-retention-pass';
import { atMost, percentiles, trackRss, type Benchmark, type BenchRow } from './lib/measure';
import { openStack, type BenchStack } from './lib/stack';

interface Mode {
  tenants: number;
  suites: number;
  runsPerSuite: number;
  resultsPerRun: number;
  /** Samples per measured query. */
  samples: number;
  /** Longest the retention pass may run while the writers write. */
  retentionMs: number;
  /** How long the writers write alone first: their latency without the retention job, to compare with. */
  writersAloneMs: number;
}

/** The figure: 5,000,000 assertion results across 1,000 suites (500 runs of 10 results each per suite). */
const MODES: Record<'quick' | 'full', Mode> = {
  quick: {
    tenants: 4,
    suites: 12,
    runsPerSuite: 30,
    resultsPerRun: 10,
    samples: 15,
    retentionMs: 3_000,
    writersAloneMs: 1_000,
  },
  full: {
    tenants: 100,
    suites: 1_000,
    runsPerSuite: 500,
    resultsPerRun: 10,
    samples: 300,
    retentionMs: 90_000,
    writersAloneMs: 20_000,
  },
};
/** Runs are spread over this many days back from now: FREE tenants (30 days) have about half of theirs expired. */
const SPAN_DAYS = 60;
/** Results of runs younger than this carry a transcript (about 100 bytes), like the recent runs of a real tenant. */
const TRANSCRIPT_DAYS = 7;
/** Concurrent writer loops during the retention pass, each inserting a run and its results, then again. */
const WRITERS = 4;
/** The target for each page query. */
const QUERY_P95_MS = 50;

/**
 * BENCH_LIFECYCLE_SUITES=<n> runs the full mode's shape with n suites (500 runs of 10 results each): a shorter full
 * run on a busy machine.
 */
function modeFor(quick: boolean, suites: string | undefined): Mode {
  const base = quick ? MODES.quick : MODES.full;
  if (!suites) return base;
  const n = Number(suites);
  if (!Number.isInteger(n) || n < 1) throw new Error(`BENCH_LIFECYCLE_SUITES=${suites}: a positive integer`);
  return { ...MODES.full, suites: n, tenants: Math.max(1, Math.round(n / 10)) };
}

interface SeededSuiteRow {
  tenantId: string;
  suiteId: string;
  badgeKey: string;
  plan: 'FREE' | 'TEAM';
}

/**
 * (k) Data lifecycle: seeds `suites × runsPerSuite × resultsPerRun` assertion results (5 million across 1,000 suites in
 * full mode) in a database of its own with `INSERT ... SELECT generate_series`, half the tenants FREE (30 days kept)
 * and half TEAM (90 days), runs spread over 60 days. Then measures p95 of the page queries through the web app's own
 * service functions (run page, run history, per-run and daily trend, the badge's query on a cache miss, the latency
 * window an SLO is judged by), and the retention job's rate (the worker's `runRetentionPass`, default batch settings)
 * while writer loops keep inserting runs and results, with the writers' p99 insert latency.
 */
export const lifecycle: Benchmark = {
  name: 'lifecycle',
  description: '(k) 5M results over 1,000 suites: page queries p95, retention rows/s with writers writing',
  async run(context) {
    const mode = modeFor(context.quick, process.env.BENCH_LIFECYCLE_SUITES);
    const stack = await openStack();
    try {
      const started = Date.now();
      const suites = await seed(stack, mode, context.log);
      const results = mode.suites * mode.runsPerSuite * mode.resultsPerRun;
      context.log(`bench: lifecycle: seeded ${results.toLocaleString('en-US')} results in ${Date.now() - started} ms`);
      const rows = await measureQueries(stack, suites, mode, context.log);
      rows.push(await measureRetention(stack, suites, mode, context.log));
      return rows;
    } finally {
      await stack.close();
    }
  },
};

async function seed(stack: BenchStack, mode: Mode, log: (line: string) => void): Promise<SeededSuiteRow[]> {
  const suites: SeededSuiteRow[] = [];
  const perTenant = Math.ceil(mode.suites / mode.tenants);
  for (let t = 0; t < mode.tenants && suites.length < mode.suites; t += 1) {
    const plan = t % 2 === 0 ? 'FREE' : 'TEAM';
    const { tenant } = await createTenant(stack.db, {
      name: `lifecycle ${t}`,
      ownerEmail: `bench-lifecycle-${t}-${randomBytes(3).toString('hex')}@example.test`,
    });
    await stack.db.global.tenant.update({ where: { id: tenant.id }, data: { plan } });
    const tdb = stack.db.tenant(tenant.id);
    const project = await tdb.project.create({ data: { tenantId: tenant.id, name: 'lifecycle', slug: 'lifecycle' } });
    const server = await tdb.server.create({
      data: { tenantId: tenant.id, projectId: project.id, name: 's', url: 'http://127.0.0.1:9/mcp', transport: 'HTTP' },
    });
    const n = Math.min(perTenant, mode.suites - suites.length);
    const created = await tdb.suite.createManyAndReturn({
      data: Array.from({ length: n }, (_, i) => ({
        tenantId: tenant.id,
        projectId: project.id,
        serverId: server.id,
        name: `suite ${i}`,
        yaml: 'assertions: []\n',
        badgeKey: `lb_${randomBytes(12).toString('hex')}`,
      })),
      select: { id: true, badgeKey: true },
    });
    for (const s of created) suites.push({ tenantId: tenant.id, suiteId: s.id, badgeKey: s.badgeKey, plan });
  }
  // Runs and results by SQL, a slice of suites per statement so progress shows and no transaction is huge. Status:
  // one run in 7 failed one assertion; durations vary; the newest run of each suite is its baseline's source.
  const now = new Date().toISOString();
  const slice = 25;
  for (let i = 0; i < suites.length; i += slice) {
    const ids = suites.slice(i, i + slice).map((s) => s.suiteId);
    await stack.db.unscoped.$executeRaw`
      INSERT INTO "Run" ("id", "tenantId", "projectId", "suiteId", "serverId", "suiteVersion", "trigger", "status",
        "total", "passed", "failed", "durationMs", "createdAt", "queuedAt", "startedAt", "finishedAt", "updatedAt")
      SELECT s."id" || '-' || g, s."tenantId", s."projectId", s."id", s."serverId", 1, 'SCHEDULE',
        CASE WHEN g % 7 = 0 THEN 'FAILED'::"RunStatus" ELSE 'PASSED'::"RunStatus" END,
        ${mode.resultsPerRun}, ${mode.resultsPerRun} - (CASE WHEN g % 7 = 0 THEN 1 ELSE 0 END),
        CASE WHEN g % 7 = 0 THEN 1 ELSE 0 END, 500 + (g * 37) % 1500, t.at, t.at, t.at,
        t.at + interval '2 seconds', t.at + interval '2 seconds'
      FROM "Suite" s CROSS JOIN generate_series(1, ${mode.runsPerSuite}) g
      CROSS JOIN LATERAL (SELECT ${now}::timestamp
        - (${SPAN_DAYS} * interval '1 day') * (1 - g::float8 / ${mode.runsPerSuite}) AS at) t
      WHERE s."id" = ANY(${ids}::text[])`;
    await stack.db.unscoped.$executeRaw`
      INSERT INTO "AssertionResult" ("id", "tenantId", "runId", "assertionKey", "trial", "name", "status", "durationMs",
        "tool", "toolClass", "decision", "transcript", "transcriptBytes", "createdAt")
      SELECT r."id" || '-' || k, r."tenantId", r."id", 'assertion ' || k, 0, 'assertion ' || k,
        CASE WHEN r."status" = 'FAILED' AND k = 1 THEN 'FAIL'::"AssertionStatus" ELSE 'PASS'::"AssertionStatus" END,
        20 + (k * 13 + length(r."id")) % 200, 'tool_' || (k % 3), 'READ_ONLY', 'EXECUTE',
        CASE WHEN r."createdAt" > ${now}::timestamp - ${TRANSCRIPT_DAYS} * interval '1 day'
          THEN jsonb_build_array(jsonb_build_object('request', 'tools/call', 'response', repeat('x', 60))) END,
        CASE WHEN r."createdAt" > ${now}::timestamp - ${TRANSCRIPT_DAYS} * interval '1 day' THEN 100 ELSE 0 END,
        r."createdAt"
      FROM "Run" r CROSS JOIN generate_series(1, ${mode.resultsPerRun}) k
      WHERE r."suiteId" = ANY(${ids}::text[])`;
    if ((i / slice) % 8 === 0) log(`bench: lifecycle: seeded runs of ${i + ids.length}/${suites.length} suites`);
  }
  // The rollups finishRun would have written, and each suite's baseline on its newest run.
  await stack.db.unscoped.$executeRaw`
    INSERT INTO "SuiteDay" ("id", "tenantId", "suiteId", "day", "runs", "passedRuns", "failedRuns", "assertions",
      "passedAssertions", "failedAssertions", "durationSumMs", "durationMaxMs")
    SELECT gen_random_uuid()::text, "tenantId", "suiteId", "finishedAt"::date, COUNT(*),
      COUNT(*) FILTER (WHERE "status" = 'PASSED'), COUNT(*) FILTER (WHERE "status" = 'FAILED'),
      SUM("total"), SUM("passed"), SUM("failed"), SUM("durationMs"), MAX("durationMs")
    FROM "Run" GROUP BY "tenantId", "suiteId", "finishedAt"::date`;
  await stack.db.unscoped.$executeRaw`
    INSERT INTO "Baseline" ("id", "tenantId", "suiteId", "runId", "results", "updatedAt")
    SELECT gen_random_uuid()::text, s."tenantId", s."id", s."id" || '-' || ${mode.runsPerSuite}, '{}'::jsonb, now()
    FROM "Suite" s`;
  await stack.db.unscoped.$executeRawUnsafe('ANALYZE');
  return suites;
}

function pick<T>(list: readonly T[], i: number): T {
  return list[(i * 7919) % list.length]!;
}

async function sample(count: number, op: (i: number) => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 5; i += 1) await op(count + i); // warm-up: connections, prepared plans
  const ms: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const t0 = performance.now();
    await op(i);
    ms.push(performance.now() - t0);
  }
  return ms;
}

function serviceDeps(db: Database): ServiceDeps {
  // The services read only these; the rest of ServiceDeps (Redis, queues) is for other operations.
  return { db, appUrl: 'http://127.0.0.1:3000', now: () => new Date() } as unknown as ServiceDeps;
}

async function measureQueries(
  stack: BenchStack,
  suites: readonly SeededSuiteRow[],
  mode: Mode,
  log: (line: string) => void,
): Promise<BenchRow[]> {
  const deps = serviceDeps(stack.db);
  const actor = (s: SeededSuiteRow) => ({ tenantId: s.tenantId });
  const runId = (s: SeededSuiteRow, i: number) => `${s.suiteId}-${1 + ((i * 31) % mode.runsPerSuite)}`;
  const cases: [string, (i: number) => Promise<unknown>][] = [
    [
      'run page (getRunWithResults)',
      (i) => {
        const s = pick(suites, i);
        return getRunWithResults(deps, actor(s), runId(s, i));
      },
    ],
    ['run history, tenant (listRuns, 25)', (i) => listRuns(deps, actor(pick(suites, i)), { limit: 25 } as never)],
    [
      'run history, suite (listRuns, 25)',
      (i) => {
        const s = pick(suites, i);
        return listRuns(deps, actor(s), { suiteId: s.suiteId, limit: 25 } as never);
      },
    ],
    [
      'trend chart (getSuiteTrend, 50 runs)',
      (i) => {
        const s = pick(suites, i);
        return getSuiteTrend(deps, actor(s), s.suiteId, { limit: 50 });
      },
    ],
    [
      'daily trend (getSuiteDailyTrend, 90 days)',
      (i) => {
        const s = pick(suites, i);
        return getSuiteDailyTrend(deps, actor(s), s.suiteId, { days: 90 });
      },
    ],
    [
      'badge, cache miss (suite by key + findLatestFinishedRun)',
      async (i) => {
        const s = pick(suites, i);
        const suite = await stack.db.unscoped.suite.findUnique({
          where: { badgeKey: s.badgeKey },
          select: { id: true, tenantId: true },
        });
        return findLatestFinishedRun(stack.db.tenant(suite!.tenantId), suite!.id);
      },
    ],
    [
      'SLO latency window (findLatencyWindow, 20 runs)',
      (i) => {
        const s = pick(suites, i);
        return findLatencyWindow(stack.db.tenant(s.tenantId), { scope: { suiteId: s.suiteId }, runs: 20 });
      },
    ],
  ];
  const rows: BenchRow[] = [];
  for (const [name, op] of cases) {
    const load = os.loadavg()[0]!.toFixed(2);
    const rss = trackRss();
    const t0 = performance.now();
    const ms = await sample(mode.samples, op);
    const elapsed = performance.now() - t0;
    const p = percentiles(ms);
    log(`bench: lifecycle: ${name}: p95 ${p.p95.toFixed(1)} ms`);
    rows.push({
      benchmark: 'lifecycle',
      case: name,
      rate: (ms.length / elapsed) * 1000,
      unit: 'queries',
      ops: ms.length,
      latency: p,
      rss: rss.stop(),
      note: `${(mode.suites * mode.runsPerSuite * mode.resultsPerRun).toLocaleString('en-US')} results, ${mode.suites} suites; load ${load}`,
      targets: [
        atMost(`(k) ${name}, p95`, p.p95, 'ms', QUERY_P95_MS, `${ms.length} queries, one at a time, load ${load}`, 1),
      ],
    });
  }
  return rows;
}

/**
 * The worker's retention pass (its default batch, runs per batch and pause) for at most `retentionMs`, while WRITERS
 * loops insert runs and their results into FREE tenants (the ones being deleted from) as a worker would: the rate is
 * rows deleted per second of the pass, and the writers' p99 says whether the deletes blocked them.
 */
async function measureRetention(
  stack: BenchStack,
  suites: readonly SeededSuiteRow[],
  mode: Mode,
  log: (line: string) => void,
): Promise<BenchRow> {
  const free = suites.filter((s) => s.plan === 'FREE');
  let writing = true;
  let insertMs: number[] = [];
  const writer = async (w: number) => {
    for (let i = 0; writing; i += 1) {
      const s = pick(free, w * 1000 + i);
      const db = stack.db.tenant(s.tenantId);
      const t0 = performance.now();
      const run = await seedRun(db, { suiteId: s.suiteId, status: 'PASSED', total: mode.resultsPerRun });
      await db.assertionResult.createMany({
        data: Array.from({ length: mode.resultsPerRun }, (_, k) => ({
          tenantId: s.tenantId,
          runId: run.id,
          assertionKey: `a${k}`,
          name: `a${k}`,
          status: 'PASS' as const,
          durationMs: 30,
          transcript: [{ request: 'tools/call', response: 'x'.repeat(60) }],
          transcriptBytes: 100,
        })),
      });
      insertMs.push(performance.now() - t0);
    }
  };
  const rss = trackRss();
  const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
  // The writers alone first, then the same writers with the retention pass running.
  const aloneStarted = performance.now();
  await new Promise((resolve) => setTimeout(resolve, mode.writersAloneMs));
  const alone = percentiles(insertMs);
  const aloneRate = (insertMs.length / (performance.now() - aloneStarted)) * 1000;
  insertMs = [];
  const loadBefore = os.loadavg()[0]!;
  const metrics = createWorkerMetrics();
  let report: Awaited<ReturnType<typeof runRetentionPass>>;
  try {
    report = await runRetentionPass(
      { db: stack.db, plans: resolvePlanTable(), metrics, now: () => new Date() },
      { batchSize: 5000, runsPerBatch: 500, pauseMs: 50, maxPassMs: mode.retentionMs },
    );
  } finally {
    writing = false;
    await Promise.all(writers);
  }
  const loadAfter = os.loadavg()[0]!;
  const rows = Object.values(report.deleted).reduce((sum, n) => sum + n, 0);
  const rate = (rows / report.ms) * 1000;
  const writes = percentiles(insertMs);
  const load = `${loadBefore.toFixed(2)} → ${loadAfter.toFixed(2)}`;
  log(
    `bench: lifecycle: retention ${rows} rows in ${report.ms} ms (${Math.round(rate)}/s), ${report.batches} statements,` +
      ` complete ${report.complete}; writers p99 ${writes.p99.toFixed(1)} ms over ${insertMs.length} runs` +
      ` (alone: ${alone.p99.toFixed(1)} ms)`,
  );
  return {
    benchmark: 'lifecycle',
    case: `retention pass with ${WRITERS} writers`,
    rate,
    unit: 'rows deleted',
    ops: rows,
    latency: writes,
    rss: rss.stop(),
    note:
      `${JSON.stringify(report.deleted)} in ${report.ms} ms, ${report.batches} statements of ≤ 5,000 rows, 50 ms pauses` +
      `${report.complete ? '' : ' (stopped at its time limit)'}; latency = a writer's run + ${mode.resultsPerRun} results` +
      ` insert (${insertMs.length} of them, ${((insertMs.length / report.ms) * 1000).toFixed(0)}/s); the writers alone` +
      ` for ${mode.writersAloneMs / 1000} s before: p50 ${alone.p50.toFixed(1)} / p95 ${alone.p95.toFixed(1)} /` +
      ` p99 ${alone.p99.toFixed(1)} ms, ${aloneRate.toFixed(0)}/s; load ${load}`,
  };
}
