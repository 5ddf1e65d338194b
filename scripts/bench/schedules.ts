import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
// eslint-disable-next-line no-restricted-imports -- the replaced BullMQ design is measured here, beside Postgres's.
import { Queue } from 'bullmq';
import { checkSchedule, PlanName, resolvePlanTable } from '@mcptest/core';
import { armSuiteSchedules, createTenant } from '@mcptest/db';
import { legacyBullPrefix } from '@mcptest/redis';
import { atMost, percentiles, type Benchmark, type BenchRow, type Percentiles } from './lib/measure';
import { openStack, type BenchStack } from './lib/stack';

/** The issue's figure: 100,000 schedules at one firing per 5 minutes each is 333 firings a second. */
const TARGET_RATE = 100_000 / 300;
const LATENESS_P99_MS = 5_000;

interface Mode {
  /** Scheduled suites stored (and measured: bytes, reconciler pass). */
  schedules: number;
  tenants: number;
  /** How many of them fall due in the window, spread evenly over it (the rest are due a day later). */
  firing: number;
  windowMs: number;
  /** Schedule-firing processes (BENCH_SCHEDULE_WORKERS). */
  workers: number;
}

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name}=${raw}: a positive integer`);
  return value;
}

/**
 * Quick: 300 schedules, all due over 3 s (100 a second); it proves the path inside `npm test`, beside other test files
 * on a small machine (35 s with 500 over 5 s at load 9 on 2 cores, most of it the two firing processes' start). Full: 100,000 schedules stored; 6,000 of them due over 60 s (100 a second), a rate this 2-core
 * machine shared with other work sustains, from which the CPU per firing and the processes for 333 a second follow.
 * BENCH_SCHEDULES, BENCH_SCHEDULE_FIRING, BENCH_SCHEDULE_WINDOW_MS and BENCH_SCHEDULE_WORKERS change them (a whole
 * 5-minute window of 100,000: BENCH_SCHEDULE_FIRING=100000 BENCH_SCHEDULE_WINDOW_MS=300000).
 */
function modeFor(quick: boolean): Mode {
  const base = quick
    ? { schedules: 300, tenants: 10, firing: 300, windowMs: 3_000 }
    : { schedules: 100_000, tenants: 100, firing: 6_000, windowMs: 60_000 };
  const schedules = positive('BENCH_SCHEDULES', base.schedules);
  return {
    schedules,
    tenants: Math.min(base.tenants, schedules),
    firing: Math.min(schedules, positive('BENCH_SCHEDULE_FIRING', base.firing)),
    windowMs: positive('BENCH_SCHEDULE_WINDOW_MS', base.windowMs),
    workers: positive('BENCH_SCHEDULE_WORKERS', 1),
  };
}

/**
 * (j) Schedules at scale (issue 20 item 4): `schedules` suites of `tenants` TEAM tenants, each scheduled, fired over
 * a window by separate processes (scripts/bench/lib/schedule-child.ts) in both designs:
 * - BullMQ: a job scheduler per suite (what `syncSuiteSchedule` wrote) and a BullMQ worker with the old
 *   `suite.scheduled` handler; its Redis bytes (MEMORY USAGE of every key of the queue), the old reconciler pass
 *   (every scheduled suite from Postgres, the plan check of each, and the listing of every scheduler);
 * - Postgres: Suite.nextFireAt and the worker's ticker; its bytes (the two columns and the index), the reconciler's
 *   schedule work now (`armSuiteSchedules`: the unarmed ones, none).
 * Both fire into real runs (createQueuedRun and enqueueRun; nothing executes them) and report the lateness from each
 * slot to its run created and queued, and the firing processes' CPU per firing.
 */
export const schedules: Benchmark = {
  name: 'schedules',
  description: '(j) schedules at scale: BullMQ job schedulers vs Postgres nextFireAt + ticker, bytes, lateness, CPU',
  async run(context) {
    const mode = modeFor(context.quick);
    const stack = await openStack();
    const children: Promise<FiringChild[]>[] = [];
    try {
      context.log(`bench: schedules: seeding ${mode.schedules} scheduled suites (${stack.prefix})`);
      const suites = await seedSuites(stack, mode);
      const load = () => os.loadavg()[0]!.toFixed(2);
      context.log(`bench: schedules: BullMQ design (load ${load()})`);
      // Both designs' firing processes start now, together (a start costs seconds on a loaded machine); each sits idle
      // until its design's slots are set, and its CPU is counted from then.
      const bullChildren = startChildren(stack, 'bullmq', mode);
      const pgChildren = startChildren(stack, 'postgres', mode);
      children.push(bullChildren, pgChildren);
      // Awaited later (or in `finally`); a start failing before then must not be an unhandled rejection meanwhile.
      for (const started of children) started.catch(() => {});
      const bull = await bullmqDesign(stack, mode, suites, bullChildren, context.log);
      context.log(`bench: schedules: Postgres design (load ${load()})`);
      const pg = await postgresDesign(stack, mode, pgChildren, context.log);
      return [bull, pg];
    } finally {
      for (const started of children) {
        for (const child of await started.catch(() => [])) await child.stop();
      }
      await stack.close();
    }
  },
};

interface SeededSchedule {
  id: string;
  tenantId: string;
}

/**
 * Tenants on TEAM (5-minute schedules allowed), a project and a server each, and their suites with a daily cron 12
 * hours away (60 distinct minutes), so the real cron never fires inside the window: every firing measured is a slot
 * the benchmark set. The designs cost the same for any cron; what differs is where the slot lives.
 */
async function seedSuites(stack: BenchStack, mode: Mode): Promise<SeededSchedule[]> {
  const farHour = (new Date().getUTCHours() + 12) % 24;
  const perTenant = Math.ceil(mode.schedules / mode.tenants);
  const seeded: SeededSchedule[] = [];
  for (let t = 0; t < mode.tenants && seeded.length < mode.schedules; t += 1) {
    const { tenant } = await createTenant(stack.db, {
      name: `schedules ${t}`,
      ownerEmail: `bench-schedules-${t}-${randomBytes(3).toString('hex')}@example.test`,
    });
    await stack.db.global.tenant.update({ where: { id: tenant.id }, data: { plan: 'TEAM' } });
    const tdb = stack.db.tenant(tenant.id);
    const project = await tdb.project.create({ data: { tenantId: tenant.id, name: 'schedules', slug: 'schedules' } });
    const server = await tdb.server.create({
      data: { tenantId: tenant.id, projectId: project.id, name: 's', url: 'http://127.0.0.1:9/mcp' },
    });
    const n = Math.min(perTenant, mode.schedules - seeded.length);
    for (let from = 0; from < n; from += 5_000) {
      const rows = await tdb.suite.createManyAndReturn({
        data: Array.from({ length: Math.min(5_000, n - from) }, (_, i) => ({
          tenantId: tenant.id,
          projectId: project.id,
          serverId: server.id,
          name: `suite ${from + i}`,
          yaml: 'assertions: []\n',
          badgeKey: `sb_${randomBytes(12).toString('hex')}`,
          schedule: `${(from + i) % 60} ${farHour} * * *`,
        })),
        select: { id: true, tenantId: true },
      });
      seeded.push(...rows);
    }
  }
  return seeded;
}

interface ChildReport {
  cpuMs: number;
  rss: number;
  heapUsed: number;
  lateness: number[];
  fired: number;
  alreadyFired: number;
  notAllowed: number;
  failed: number;
  claimed: number;
  ticks: number;
}

interface FiringChild {
  report(): Promise<ChildReport>;
  stop(): Promise<void>;
}

/** `mode.workers` firing processes of one design, started at once. */
function startChildren(stack: BenchStack, design: 'postgres' | 'bullmq', mode: Mode): Promise<FiringChild[]> {
  return Promise.all(Array.from({ length: mode.workers }, () => startChild(stack, design)));
}

async function startChild(stack: BenchStack, design: 'postgres' | 'bullmq'): Promise<FiringChild> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.resolve('scripts/bench/lib/schedule-child.ts'), design],
    {
      env: { ...process.env, DATABASE_URL: stack.databaseUrl, REDIS_URL: stack.redisUrl, REDIS_PREFIX: stack.prefix },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const next = <T>(type: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (message: { type?: string }) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        resolve(message as T);
      };
      child.on('message', onMessage);
      void exited.then(() => reject(new Error(`the ${design} schedule process exited`)));
    });
  await next('ready');
  return {
    async report() {
      const answer = next<ChildReport>('report');
      child.send({ type: 'report' });
      return answer;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null || !child.connected) return;
      child.send({ type: 'stop' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Waits until `count` runs match `keyPrefix` (or the deadline); returns when the last was created. */
async function waitForRuns(stack: BenchStack, keyPrefix: string, count: number, deadline: number): Promise<number> {
  while (Date.now() < deadline) {
    const [row] = await stack.db.unscoped.$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM "Run" WHERE "idempotencyKey" LIKE ${`${keyPrefix}%`}`;
    if (Number(row?.n ?? 0) >= count) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const [row] = await stack.db.unscoped.$queryRaw<{ n: bigint }[]>`
    SELECT count(*) AS n FROM "Run" WHERE "idempotencyKey" LIKE ${`${keyPrefix}%`}`;
  return Number(row?.n ?? 0);
}

/**
 * Starts the firing processes, then sets the slots (`setSlots` returns when the window starts; the processes are up
 * before it, so none of their start-up counts as lateness), waits for every run and collects their reports.
 */
async function fire(
  stack: BenchStack,
  design: 'postgres' | 'bullmq',
  mode: Mode,
  keyPrefix: string,
  started: Promise<FiringChild[]>,
  setSlots: () => Promise<number>,
  log: (line: string) => void,
): Promise<{ reports: ChildReport[]; cpuMs: number; runs: number; lateness: Percentiles; samples: number }> {
  const children = await started;
  try {
    const startAt = await setSlots();
    if (Date.now() > startAt)
      log(`bench: schedules: ${design}: SLOTS SET ${Date.now() - startAt} ms AFTER THE WINDOW BEGAN`);
    const before = await Promise.all(children.map((c) => c.report()));
    const runs = await waitForRuns(stack, keyPrefix, mode.firing, startAt + mode.windowMs * 3 + 60_000);
    const reports = await Promise.all(children.map((c) => c.report()));
    const cpuMs = reports.reduce((sum, r, i) => sum + r.cpuMs - before[i]!.cpuMs, 0);
    const all = reports.flatMap((r) => r.lateness);
    log(`bench: schedules: ${design}: ${runs} runs, ${all.length} firings measured`);
    return { reports, cpuMs, runs, lateness: percentiles(all), samples: all.length };
  } finally {
    for (const child of children) await child.stop();
  }
}

/** Sum of MEMORY USAGE over the keys matching `pattern` (exact for this prefix, whoever else uses the server). */
async function keyBytes(stack: BenchStack, pattern: string): Promise<{ keys: number; bytes: number }> {
  let cursor = '0';
  let keys = 0;
  let bytes = 0;
  do {
    const [next, found] = await stack.redis.scan(cursor, 'MATCH', pattern, 'COUNT', 2000);
    cursor = next;
    if (found.length === 0) continue;
    const pipeline = stack.redis.pipeline();
    for (const key of found) pipeline.memory('USAGE', key, 'SAMPLES', '0');
    for (const [error, value] of (await pipeline.exec()) ?? []) {
      if (!error) bytes += Number(value ?? 0);
    }
    keys += found.length;
  } while (cursor !== '0');
  return { keys, bytes };
}

function cron6(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCSeconds()} ${d.getUTCMinutes()} ${d.getUTCHours()} ${d.getUTCDate()} ${d.getUTCMonth() + 1} *`;
}

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

async function bullmqDesign(
  stack: BenchStack,
  mode: Mode,
  suites: readonly SeededSchedule[],
  children: Promise<FiringChild[]>,
  log: (line: string) => void,
): Promise<BenchRow> {
  const queue = new Queue('schedules', { connection: stack.redis, prefix: legacyBullPrefix(stack.prefix) });
  try {
    let upsertMs = 0;
    let late = '';
    const setSlots = async () => {
      // The slots: evenly over the window, each scheduler's pattern its own second (6 fields, once), starting once all
      // are written (upserts measured at 1 ms each with 64 in flight at load 20 on 2 cores; the margin is 1.5 times).
      const startAt = Math.ceil((Date.now() + 3_000 + mode.schedules * 1.5) / 1000) * 1000;
      const stepMs = mode.windowMs / mode.firing;
      const upsert = await timed(async () => {
        let next = 0;
        const lane = async () => {
          while (next < suites.length) {
            const i = next++;
            const suite = suites[i]!;
            // What syncSuiteSchedule wrote: id suite-<id>, the pattern and zone, the job template with its options.
            await queue.upsertJobScheduler(
              `suite-${suite.id}`,
              { pattern: cron6(i < mode.firing ? startAt + i * stepMs : startAt + 86_400_000 + i), tz: 'UTC' },
              {
                name: 'suite.scheduled',
                data: { suiteId: suite.id, tenantId: suite.tenantId },
                opts: {
                  attempts: 5,
                  backoff: { type: 'exponential', delay: 1_000 },
                  removeOnComplete: true,
                  removeOnFail: { age: 7 * 24 * 3600, count: 1_000 },
                },
              },
            );
          }
        };
        await Promise.all(Array.from({ length: 64 }, lane));
      });
      upsertMs = upsert.ms;
      if (Date.now() > startAt - 1000) late = ' UPSERTS ENDED AFTER THE WINDOW BEGAN';
      return startAt;
    };
    // After the window each scheduler holds its hash and its next delayed job, as between any two firings.
    const fired = await fire(stack, 'bullmq', mode, 'schedule:repeat:', children, setSlots, log);
    const memory = await keyBytes(stack, `${legacyBullPrefix(stack.prefix)}:schedules:*`);
    // The old reconciler pass's schedule part: every scheduled suite (with its tenant's plan) from Postgres, the plan
    // check of each, and the listing of every scheduler to compare with. After the window, so it does not delay it.
    const plans = resolvePlanTable();
    const pass = await timed(async () => {
      const rows = await stack.db.unscoped.suite.findMany({
        where: { enabled: true, scheduleEnabled: true, schedule: { not: null } },
        select: { id: true, tenantId: true, schedule: true, timezone: true, tenant: { select: { plan: true } } },
      });
      const list = await timed(() => queue.getJobSchedulers(0, -1, true));
      let allowed = 0;
      for (const row of rows) {
        const check = checkSchedule({
          cron: row.schedule ?? '',
          timezone: row.timezone,
          minIntervalSeconds: plans[PlanName.parse(row.tenant.plan)].minScheduleIntervalSeconds,
          now: Date.now(),
          count: 1,
        });
        if (check.ok) allowed += 1;
      }
      return { suites: rows.length, schedulers: list.value.length, listMs: list.ms, allowed };
    });
    log(
      `bench: schedules: bullmq: ${mode.schedules} schedulers upserted in ${(upsertMs / 1000).toFixed(1)} s, ` +
        `${memory.keys} keys, ${(memory.bytes / 2 ** 20).toFixed(1)} MiB; reconciler pass ${pass.ms.toFixed(0)} ms`,
    );
    await queue.obliterate({ force: true });
    return row('bullmq', mode, fired, {
      storage: `Redis ${(memory.bytes / mode.schedules).toFixed(0)} B a schedule (${(memory.bytes / 2 ** 20).toFixed(1)} MiB, ${memory.keys} keys: a scheduler hash and its next delayed job each; MEMORY USAGE)`,
      writes: `upsert ${((upsertMs / mode.schedules) * 1000).toFixed(0)} µs a schedule (64 in flight)`,
      reconciler:
        `reconciler pass ${pass.ms.toFixed(0)} ms (${pass.value.suites} suites read and plan-checked, ` +
        `${pass.value.schedulers} schedulers listed in ${pass.value.listMs.toFixed(0)} ms)`,
      problem: late,
    });
  } finally {
    await queue.close();
  }
}

async function postgresDesign(
  stack: BenchStack,
  mode: Mode,
  children: Promise<FiringChild[]>,
  log: (line: string) => void,
): Promise<BenchRow> {
  const stepMs = mode.windowMs / mode.firing;
  // The slots: the first `firing` rows evenly over the window in id order (the real spread is each suite's cron plus
  // its second), the rest a day later.
  const armAt = (startAt: number) =>
    timed(
      () => stack.db.unscoped.$executeRaw`
        UPDATE "Suite" s SET "nextFireAt" = ${new Date(startAt).toISOString()}::timestamp + CASE
          WHEN o.rn <= ${mode.firing} THEN ((o.rn - 1) * ${String(stepMs)}::float8) * interval '1 millisecond'
          ELSE interval '1 day' + o.rn * interval '1 millisecond' END
        FROM (SELECT "id", row_number() OVER (ORDER BY "id") AS rn FROM "Suite") o WHERE s."id" = o."id"`,
    );
  // Parked a day ahead first, to measure the bytes and the reconciler with every schedule armed.
  const arm = await armAt(Date.now() + 86_400_000);
  await stack.db.unscoped.$executeRawUnsafe('VACUUM ANALYZE "Suite"');
  const [size] = await stack.db.unscoped.$queryRaw<{ index: bigint; columns: bigint; table: bigint }[]>`
    SELECT pg_relation_size('"Suite_nextFireAt_idx"') AS index,
      (SELECT coalesce(sum(pg_column_size("nextFireAt")), 0) + coalesce(sum(pg_column_size("fireLeaseUntil")), 0)
       FROM "Suite") AS columns,
      pg_total_relation_size('"Suite"') AS table`;
  const bytes = Number(size!.index) + Number(size!.columns);
  // The reconciler's schedule work now: the unarmed scheduled suites (none), median of 5 passes.
  const passes: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    passes.push((await timed(() => armSuiteSchedules(stack.db, { now: new Date(), limit: 500 }))).ms);
  }
  const pass = percentiles(passes).p50;
  log(
    `bench: schedules: postgres: armed in ${(arm.ms / 1000).toFixed(1)} s; ${(bytes / 2 ** 20).toFixed(1)} MiB; ` +
      `reconciler pass ${pass.toFixed(1)} ms`,
  );
  const fired = await fire(
    stack,
    'postgres',
    mode,
    'schedule:2',
    children,
    async () => {
      // The same statement again, so the window starts after it with the margin it took (twice) plus 2 s.
      const startAt = Math.ceil((Date.now() + 2_000 + arm.ms * 2) / 1000) * 1000;
      await armAt(startAt);
      return startAt;
    },
    log,
  );
  const ticks = fired.reports.reduce((n, r) => n + r.ticks, 0);
  return row('postgres', mode, fired, {
    storage:
      `Postgres ${(bytes / mode.schedules).toFixed(0)} B a schedule (index ${(Number(size!.index) / 2 ** 20).toFixed(1)} MiB ` +
      `+ the two columns ${(Number(size!.columns) / 2 ** 20).toFixed(1)} MiB; the whole Suite table ${(Number(size!.table) / 2 ** 20).toFixed(0)} MiB)`,
    writes: `arming all ${mode.schedules} in one statement ${(arm.ms / 1000).toFixed(1)} s`,
    reconciler: `reconciler schedule work ${pass.toFixed(1)} ms a pass (armSuiteSchedules finding none; no listing)`,
    problem: fired.reports.some((r) => r.failed > 0) ? ' FIRINGS FAILED' : '',
    extra: `${ticks} ticks`,
  });
}

function row(
  design: 'bullmq' | 'postgres',
  mode: Mode,
  fired: Awaited<ReturnType<typeof fire>>,
  parts: { storage: string; writes: string; reconciler: string; problem: string; extra?: string },
): BenchRow {
  const cpuPerFiring = fired.cpuMs / Math.max(1, fired.samples);
  const rate = (mode.firing / mode.windowMs) * 1000;
  // Firing processes needed for 100,000 five-minute schedules at half a core each (headroom for bursts and the rest
  // of the worker's work), from the CPU one firing took here.
  const needed = Math.max(1, Math.ceil((TARGET_RATE * cpuPerFiring) / 1000 / 0.5));
  const missing = fired.runs < mode.firing ? ` NOT ALL FIRED: ${fired.runs}/${mode.firing} runs` : '';
  const rss = Math.max(...fired.reports.map((r) => r.rss));
  return {
    benchmark: 'schedules',
    case: `${design}: ${mode.schedules} schedules, ${mode.firing} due over ${mode.windowMs / 1000} s, ${mode.workers} process${mode.workers > 1 ? 'es' : ''}`,
    rate,
    unit: 'firings',
    ops: fired.samples,
    latency: fired.lateness,
    rss: { startBytes: rss, peakBytes: rss },
    note:
      `${parts.storage}; ${parts.writes}; ${parts.reconciler}; slot → run created and queued p50 ` +
      `${fired.lateness.p50} ms, p99 ${fired.lateness.p99} ms at ${rate.toFixed(0)} firings/s; firing CPU ` +
      `${cpuPerFiring.toFixed(2)} ms a firing (one core: ${Math.round(1000 / cpuPerFiring)} firings/s; 100k at 5 min ` +
      `needs ${needed} process${needed > 1 ? 'es' : ''} at half a core each)${parts.extra ? `; ${parts.extra}` : ''}; ` +
      `load ${os.loadavg()[0]!.toFixed(2)}${missing}${parts.problem}`,
    targets: [
      atMost(
        `(j) schedules, ${design}, slot → run queued p99`,
        fired.lateness.p99,
        'ms',
        LATENESS_P99_MS,
        `p50 ${fired.lateness.p50} ms over ${fired.samples} firings at ${rate.toFixed(0)}/s, ${mode.workers} process(es)`,
      ),
    ],
  };
}
