import pg from 'pg';
import type { Benchmark, BenchRow } from './lib/measure';
import { trackRss } from './lib/measure';
import { commandStats, keyMemory, redisCpuMs, startMeasuredRedis, type MeasuredRedis } from './lib/private-redis';
import { callSuite, createRun, enqueue, openStack, seedSuite, type BenchStack } from './lib/stack';
import { NO_CALL_DELAY, openWorkerStack, type WorkerStack } from './lib/worker-stack';
import { holdAndCancel, holdingSuite } from './run-memory';

const ASSERTIONS_PER_RUN = 10;
/** Runs in flight at once: the worker's default concurrency. */
const CONCURRENCY = 4;
/**
 * Postgres 15 backends send their statistics at most once a second, and an idle one within 10 s (PGSTAT_IDLE_INTERVAL):
 * the snapshot before the measured runs waits that long so the warm-up's counts are not taken for theirs. The snapshot
 * after is taken once the worker and the bench's pool have disconnected, which sends everything at once.
 */
const PG_SETTLE_MS = 11_000;
/** Commands the benchmark itself sends to read its figures; left out of the per-run count. */
const PROBE_COMMANDS = new Set(['info', 'scan', 'memory', 'ping', 'client', 'hello']);

interface PgDatabaseStats {
  xact_commit: number;
  xact_rollback: number;
  tup_returned: number;
  tup_fetched: number;
  tup_inserted: number;
  tup_updated: number;
  tup_deleted: number;
}

interface PgTableStats {
  inserted: number;
  updated: number;
  deleted: number;
  scans: number;
  bytes: number;
}

async function pgStats(url: string): Promise<{ db: PgDatabaseStats; tables: Map<string, PgTableStats> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: dbRows } = await client.query<Record<keyof PgDatabaseStats, string>>(
      `SELECT xact_commit, xact_rollback, tup_returned, tup_fetched, tup_inserted, tup_updated, tup_deleted
         FROM pg_stat_database WHERE datname = current_database()`,
    );
    const raw = dbRows[0];
    if (!raw) throw new Error('pg_stat_database has no row for the bench database');
    const db = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Number(v)])) as unknown as PgDatabaseStats;
    const { rows } = await client.query<{
      relname: string;
      ins: string;
      upd: string;
      del: string;
      scans: string;
      bytes: string;
    }>(
      `SELECT relname, n_tup_ins AS ins, n_tup_upd AS upd, n_tup_del AS del,
              seq_scan + coalesce(idx_scan, 0) AS scans, pg_total_relation_size(relid) AS bytes
         FROM pg_stat_user_tables`,
    );
    const tables = new Map<string, PgTableStats>();
    for (const row of rows) {
      tables.set(row.relname, {
        inserted: Number(row.ins),
        updated: Number(row.upd),
        deleted: Number(row.del),
        scans: Number(row.scans),
        bytes: Number(row.bytes),
      });
    }
    return { db, tables };
  } finally {
    await client.end();
  }
}

async function usedMemory(redis: MeasuredRedis): Promise<number> {
  const info = await redis.client.info('memory');
  return Number(/used_memory:(\d+)/.exec(info)?.[1] ?? Number.NaN);
}

function commandDelta(before: Map<string, number>, after: Map<string, number>): Map<string, number> {
  const delta = new Map<string, number>();
  for (const [name, calls] of after) {
    if (PROBE_COMMANDS.has(name)) continue;
    const d = calls - (before.get(name) ?? 0);
    if (d > 0) delta.set(name, d);
  }
  return delta;
}

const sum = (map: Map<string, number>) => [...map.values()].reduce((a, b) => a + b, 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Issue 20 item 5: what one run costs the shared parts, measured on K real runs (10 assertions each, one per call,
 * per-assertion sessions, against the bench mock) through a real worker process, on a Postgres database and a
 * redis-server of the benchmark's own so the server-wide counters count nothing else. docs/capacity.md builds the
 * capacity model from these figures.
 */
export const runCost: Benchmark = {
  name: 'run-cost',
  description: 'per run: Redis commands and memory (queued, in flight, kept), Postgres transactions/rows/bytes, CPU ms',
  async run(context) {
    const count = context.quick ? 8 : 300;
    const settleMs = context.quick ? 1_000 : PG_SETTLE_MS;
    const idleMs = context.quick ? 1_000 : 10_000;
    const redis = await startMeasuredRedis();
    let stack: BenchStack | undefined;
    let ws: WorkerStack | undefined;
    try {
      stack = await openStack({ redisUrl: redis.url });
      // The monitor ticker queries Postgres every second whatever the runs do; uptime monitors are not runs.
      ws = await openWorkerStack(context, { MONITOR_ENABLED: 'false' }, stack);
      const rss = trackRss();
      const suite = await seedSuite(stack.db, {
        name: 'run-cost',
        plan: 'ENTERPRISE',
        execPolicy: NO_CALL_DELAY,
        serverUrl: ws.mock.url,
        yaml: callSuite(ASSERTIONS_PER_RUN),
      });
      const holding = await seedSuite(stack.db, {
        name: 'run-cost-hold',
        plan: 'ENTERPRISE',
        execPolicy: NO_CALL_DELAY,
        serverUrl: ws.mock.url,
        yaml: holdingSuite(),
      });
      // Warm-up: the worker's code compiled, pools and sessions opened.
      const warmup: string[] = [];
      for (let i = 0; i < (context.quick ? 2 : 2 * CONCURRENCY); i++) warmup.push(await createRun(stack, suite));
      for (const runId of warmup) await enqueue(stack, suite, runId, count);
      await Promise.all(warmup.map((runId) => ws!.worker.finished(runId)));

      // Redis memory of runs in flight: CONCURRENCY runs held on their 10th call (9 results written), against the
      // same keys before they were queued.
      // Quick mode leaves it out (holding and cancelling runs takes seconds); its note then says n/a.
      const idleKeys = await keyMemory(redis.client);
      let heldKeys: typeof idleKeys | undefined;
      if (!context.quick) {
        await holdAndCancel(ws, holding, CONCURRENCY, CONCURRENCY, async () => {
          heldKeys = await keyMemory(redis.client);
        });
      }

      // Idle background: what a worker costs with nothing to do (BullMQ's blocking waits, heartbeats, stalled checks).
      await new Promise((resolve) => setTimeout(resolve, 500));
      const idleCmd0 = await commandStats(redis.client);
      const idleCpu0 = await ws.worker.cpuMs();
      const idleRedisCpu0 = await redisCpuMs(redis.client);
      const idleT0 = performance.now();
      await new Promise((resolve) => setTimeout(resolve, Math.max(idleMs, settleMs)));
      const idleSeconds = (performance.now() - idleT0) / 1000;
      const idleCommandsPerS = sum(commandDelta(idleCmd0, await commandStats(redis.client))) / idleSeconds;
      const idleCpuPerS = ((await ws.worker.cpuMs()) - idleCpu0) / idleSeconds;
      const idleRedisCpuPerS = ((await redisCpuMs(redis.client)) - idleRedisCpu0) / idleSeconds;

      const heapBefore = (await ws.worker.memory()).heapUsed;
      const pgBefore = await pgStats(stack.databaseUrl);
      // Memory of queued runs: the queue paused, K runs created and queued as the API does.
      const runs = stack.queues.queue('runs');
      await runs.pause();
      const keysBefore = await keyMemory(redis.client);
      const usedBefore = await usedMemory(redis);
      const cmdBefore = await commandStats(redis.client);
      const redisCpuBefore = await redisCpuMs(redis.client);
      const runIds: string[] = [];
      for (let i = 0; i < count; i++) runIds.push(await createRun(stack, suite));
      // cap = count: every run goes straight to BullMQ (one tenant's backlog past its cap waits in the fair list).
      for (const runId of runIds) await enqueue(stack, suite, runId, count);
      const keysQueued = await keyMemory(redis.client);
      const usedQueued = await usedMemory(redis);
      const cpuBefore = await ws.worker.cpuMs();
      const t0 = performance.now();
      await runs.resume();
      const ends = await Promise.all(runIds.map((runId) => ws!.worker.finished(runId, 600_000)));
      const seconds = (performance.now() - t0) / 1000;
      const cpuPerRun = ((await ws.worker.cpuMs()) - cpuBefore) / count;
      const commands = commandDelta(cmdBefore, await commandStats(redis.client));
      // Includes the one SCAN + MEMORY USAGE pass over the queued keys above (a few ms).
      const redisCpuPerRun = ((await redisCpuMs(redis.client)) - redisCpuBefore - idleRedisCpuPerS * seconds) / count;
      const keysAfter = await keyMemory(redis.client, { ttl: true });
      // What the runs leave in the worker's heap once they are over (after a full GC): should be about nothing.
      const heapAfter = (await ws.worker.memory()).heapUsed;
      // And a while later: memory held by timers (a request's timeout, a session's keep-alive) is freed when they fire,
      // a leak is not. Full mode only (it waits a minute).
      let heapLater: number | undefined;
      if (!context.quick) {
        await new Promise((resolve) => setTimeout(resolve, 65_000));
        heapLater = (await ws.worker.memory()).heapUsed;
      }
      const notPassed = ends.filter((end) => end.status !== 'passed').length;

      // Everything the worker and this process's pool did is sent to the statistics when their connections close.
      await ws.worker.stop();
      await stack.db.disconnect();
      await new Promise((resolve) => setTimeout(resolve, 500));
      const pgAfter = await pgStats(stack.databaseUrl);

      const commandsPerRun = sum(commands) / count;
      const marginalCommandsPerRun = (sum(commands) - idleCommandsPerS * seconds) / count;
      const top = [...commands.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(([name, calls]) => `${name} ${(calls / count).toFixed(1)}`)
        .join(', ');
      const d = (field: keyof PgDatabaseStats) => (pgAfter.db[field] - pgBefore.db[field]) / count;
      const queuedPerRun = (keysQueued.bytes - keysBefore.bytes) / count;
      const inFlightPerRun = heldKeys ? kb((heldKeys.bytes - idleKeys.bytes) / CONCURRENCY) : 'n/a (quick mode)';
      const keptPerRun = (keysAfter.bytes - keysBefore.bytes) / count;
      /** Bytes per run of each key pattern that grew between `from` and `to`, largest first. */
      const grew = (from: Map<string, number>, to: Map<string, number>, runs: number) =>
        [...to]
          .map(([pattern, bytes]) => [pattern, (bytes - (from.get(pattern) ?? 0)) / runs] as const)
          .filter(([, bytes]) => bytes > 0)
          .sort((a, b) => b[1] - a[1])
          .slice(0, 5)
          .map(([pattern, bytes]) => {
            const ttl = to === keysAfter.patterns ? keysAfter.ttlSeconds.get(pattern) : undefined;
            const kept = ttl === undefined ? '' : ttl === -1 ? ' (no TTL)' : ` (TTL ${(ttl / 3600).toFixed(1)} h)`;
            return `${pattern} ${bytes.toFixed(0)} B${kept}`;
          })
          .join(', ');
      const bytesPerRun = [...pgAfter.tables].reduce(
        (total, [name, after]) => total + (after.bytes - (pgBefore.tables.get(name)?.bytes ?? 0)),
        0,
      );
      const summary: BenchRow = {
        benchmark: 'run-cost',
        case: `${count} runs of ${ASSERTIONS_PER_RUN} assertions, concurrency ${CONCURRENCY}`,
        rate: count / seconds,
        unit: 'runs',
        ops: count,
        rss: rss.stop(),
        note:
          `Redis: ${commandsPerRun.toFixed(1)} commands per run (${marginalCommandsPerRun.toFixed(1)} after the idle ` +
          `worker's ${idleCommandsPerS.toFixed(1)}/s over the ${seconds.toFixed(1)} s), top: ${top}; memory per ` +
          `queued run ${kb(queuedPerRun)} (used_memory ${kb((usedQueued - usedBefore) / count)}), per run in flight ` +
          `${inFlightPerRun}, kept per finished run ${kb(keptPerRun)} (${keysAfter.keys - keysBefore.keys} keys ` +
          `left for ${count} runs; queued: ${grew(keysBefore.patterns, keysQueued.patterns, count)}; in flight: ` +
          `${heldKeys ? grew(idleKeys.patterns, heldKeys.patterns, CONCURRENCY) : 'n/a'}; kept: ` +
          `${grew(keysBefore.patterns, keysAfter.patterns, count)}). Postgres per run: ${d('xact_commit').toFixed(1)} transactions ` +
          `(${d('xact_rollback').toFixed(2)} rolled back), rows inserted ${d('tup_inserted').toFixed(1)}, updated ` +
          `${d('tup_updated').toFixed(1)}, deleted ${d('tup_deleted').toFixed(1)}, fetched ${d('tup_fetched').toFixed(0)}, ` +
          `${kb(bytesPerRun / count)} of tables and indexes. CPU per run: worker ${cpuPerRun.toFixed(1)} ms ` +
          `(idle ${idleCpuPerS.toFixed(1)} ms/s), redis-server ${redisCpuPerRun.toFixed(2)} ms (idle ` +
          `${idleRedisCpuPerS.toFixed(1)} ms/s); worker heap after GC ${(heapBefore / 2 ** 20).toFixed(0)} MB ` +
          `before the runs, ${(heapAfter / 2 ** 20).toFixed(0)} MB after (${kb((heapAfter - heapBefore) / count)} per run)` +
          (heapLater === undefined ? '' : `, ${(heapLater / 2 ** 20).toFixed(0)} MB 65 s later`) +
          (notPassed > 0 ? `; NOT ALL PASSED: ${notPassed} of ${count}` : '') +
          (context.quick ? '; quick mode: Postgres counts may include the warm-up (1 s settle, not 11 s)' : ''),
      };
      const tableRows: BenchRow[] = [];
      for (const [name, after] of [...pgAfter.tables].sort((a, b) => a[0].localeCompare(b[0]))) {
        const before = pgBefore.tables.get(name) ?? { inserted: 0, updated: 0, deleted: 0, scans: 0, bytes: 0 };
        const ins = (after.inserted - before.inserted) / count;
        const upd = (after.updated - before.updated) / count;
        const del = (after.deleted - before.deleted) / count;
        const bytes = (after.bytes - before.bytes) / count;
        if (ins === 0 && upd === 0 && del === 0 && bytes === 0) continue;
        tableRows.push({
          benchmark: 'run-cost',
          case: `table ${name}`,
          rate: 0,
          unit: 'rows',
          ops: count,
          rss: summary.rss,
          note:
            `per run: ${ins.toFixed(2)} inserted, ${upd.toFixed(2)} updated, ${del.toFixed(2)} deleted, ` +
            `${((after.scans - before.scans) / count).toFixed(1)} scans, ${kb(bytes)} (table + indexes + TOAST)`,
        });
      }
      return [summary, ...tableRows];
    } finally {
      await ws?.close();
      await stack?.close();
      await redis.stop();
    }
  },
};
