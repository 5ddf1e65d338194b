// Horizontal scale (issue 20, item 1): three worker processes and two web processes, separate OS processes as separate
// pods would be, against one Postgres database and one Redis prefix. Runs of three tenants with different plan caps
// are triggered through both web processes' REST API; a loopback mock MCP server records every tools/call with the
// run's tag, so the test sees, from the outside, that each run executed once, that no tenant ever had more calls in
// flight than its cap across all workers, that a worker SIGTERMed while it held runs lost none (they were handed back
// and finished by the others), and that run events reach a client of the other web process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMockDefinition, startMockServer, type MockCall, type MockServerHandle } from '@mcptest/mcp';
import { createTenant } from '@mcptest/db';
import { readRunEvents } from '@mcptest/redis';
import type { PlanName } from '@mcptest/core';
import { useTestDatabase } from '../db';
import { useTestRedis } from '../redis';
import { startWebServer, type RunningWeb } from '../web-server';
import { runRow, seedSuite, spawnWorkerProcess, waitFor, type WorkerProcess } from '../worker';

const database = useTestDatabase();
const redis = useTestRedis();

const WORKERS = 3;
const CONCURRENCY = 4;
const CALLS = 5;
/** Long enough that a run outlasts the 1 s shutdown grace (so a SIGTERMed worker has runs to hand back). */
const CALL_MS = 400;

/** Caps below the 12 worker slots (except C), so fair admission, not capacity, is what bounds A and B. */
const PLAN_LIMITS = { FREE: { concurrentRuns: 2 }, TEAM: { concurrentRuns: 3 } };
const TENANTS: readonly { name: string; plan: PlanName; cap: number; runs: number }[] = [
  { name: 'A', plan: 'FREE', cap: 2, runs: 6 },
  { name: 'B', plan: 'TEAM', cap: 3, runs: 8 },
  { name: 'C', plan: 'ENTERPRISE', cap: 16, runs: 8 },
];

const MOCK = `
mock_server:
  name: scale
  tools:
    - name: work
      annotations: { readOnlyHint: true }
      inputSchema: { type: object, properties: { q: { type: string } } }
      delay_ms: ${CALL_MS}
      response: { content: [ { type: text, text: "done {{args.q}}" } ] }
`;

/** A suite of its own per run: each call's argument names the run's tag and the assertion, which the mock records. */
function taggedSuite(tag: string): string {
  const assertions = Array.from(
    { length: CALLS },
    (_, i) =>
      `  - name: call ${i + 1}\n` +
      `    assert: { tool: work, args: { q: "${tag}:${i + 1}" }, expect: { not_error: true, contains: ["${tag}:${i + 1}"] } }\n`,
  );
  return `name: scale ${tag}\nassertions:\n${assertions.join('')}`;
}

interface LogLine {
  msg?: string;
  runId?: string;
  time?: number;
  status?: string;
}

/** The worker's JSON log lines about runs. */
function runLines(worker: WorkerProcess): LogLine[] {
  return worker
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as LogLine];
      } catch {
        return [];
      }
    })
    .filter((line) => line.runId !== undefined);
}

const HANDED_BACK = 'worker shutting down: run handed back to the queue';

/** Runs the worker has started and not finished or handed back yet, from its log. */
function holding(worker: WorkerProcess): number {
  const open = new Set<string>();
  for (const line of runLines(worker)) {
    if (line.msg === 'run started') open.add(line.runId!);
    else if (line.msg === 'run finished' || line.msg === HANDED_BACK) open.delete(line.runId!);
  }
  return open.size;
}

/** The largest number of intervals open at one instant. */
function maxOverlap(intervals: readonly { from: number; to: number }[]): number {
  // Ends sort before starts at the same instant: a call answered as the next arrives is not two in flight.
  const edges = intervals.flatMap(({ from, to }) => [
    { at: from, delta: 1 },
    { at: to, delta: -1 },
  ]);
  edges.sort((x, y) => x.at - y.at || x.delta - y.delta);
  let open = 0;
  let max = 0;
  for (const edge of edges) {
    open += edge.delta;
    max = Math.max(max, open);
  }
  return max;
}

let mock: MockServerHandle | undefined;
const workers: WorkerProcess[] = [];
const webs: RunningWeb[] = [];

beforeAll(async () => {
  const loaded = loadMockDefinition(MOCK, 'scale-mock.yaml');
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  mock = await startMockServer({ definition: loaded.definition });
  const shared = {
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    REDIS_PREFIX: redis.prefix,
    MCPTEST_PLAN_LIMITS: JSON.stringify(PLAN_LIMITS),
  };
  const starting = await Promise.allSettled([
    ...Array.from({ length: WORKERS }, () =>
      spawnWorkerProcess(
        {
          ...shared,
          WORKER_CONCURRENCY: String(CONCURRENCY),
          WORKER_CHECK_THREADS: '1',
          WORKER_HEARTBEAT_SECONDS: '1',
          WORKER_SHUTDOWN_GRACE_SECONDS: '1',
          RECONCILE_INTERVAL_SECONDS: '2',
          // Every run goes to one host (127.0.0.1): per-host politeness would otherwise be the limit measured.
          POLITENESS_REQUESTS_PER_SECOND_PER_HOST: '10000',
          POLITENESS_MAX_IN_FLIGHT_PER_HOST: '1000',
        },
        90_000,
      ).then((worker) => void workers.push(worker)),
    ),
    ...Array.from({ length: 2 }, () =>
      startWebServer({ ...shared, LOG_LEVEL: 'warn', API_TRIGGERS_PER_TENANT_PER_MINUTE: '1000' }).then(
        (web) => void webs.push(web),
      ),
    ),
  ]);
  const failed = starting.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}, 600_000);

afterAll(async () => {
  await Promise.all([...workers.map((worker) => worker.stop()), ...webs.map((web) => web.stop())]);
  await mock?.close();
}, 60_000);

describe('three worker processes and two web processes on one Postgres and one Redis', () => {
  it(
    'execute every run once, keep each tenant under its cap across workers, lose nothing when a worker stops, and ' +
      'stream events through the other web process',
    { timeout: 180_000 },
    async () => {
      expect(workers).toHaveLength(WORKERS);
      expect(webs).toHaveLength(2);
      const { db } = database;

      // Seeding: a tenant (its admin token), its plan, and one suite per run, tagged `<tenant>-<n>`.
      const runs: { tag: string; tenant: (typeof TENANTS)[number]; token: string; suiteId: string }[] = [];
      for (const tenant of TENANTS) {
        const { tenant: row, token } = await createTenant(db, {
          name: `Scale ${tenant.name}`,
          ownerEmail: `scale-${tenant.name.toLowerCase()}@example.test`,
        });
        for (let n = 1; n <= tenant.runs; n++) {
          const tag = `${tenant.name}-${n}`;
          const seeded = await seedSuite(db, {
            tenantId: row.id,
            plan: tenant.plan,
            execPolicy: { call_delay_ms: 0 },
            serverUrl: mock!.url,
            yaml: taggedSuite(tag),
          });
          runs.push({ tag, tenant, token, suiteId: seeded.suiteId });
        }
      }

      // Triggers alternate between the two web processes. The first run is followed live through the other web process
      // (its own event hub and Redis connection), connected before the rest are triggered; the rest are triggered at
      // once, so every tenant's whole backlog is queued together and only fair admission keeps it under its cap.
      const order = [...runs].sort((x, y) => Number(x.tag.split('-')[1]) - Number(y.tag.split('-')[1]));
      const runIdOf = new Map<string, string>();
      const triggeredOn = new Map<string, number>();
      const trigger = async (run: (typeof runs)[number], web: number) => {
        const response = await fetch(`${webs[web]!.url}/api/v1/suites/${run.suiteId}/runs`, {
          method: 'POST',
          headers: { authorization: `Bearer ${run.token}` },
          signal: AbortSignal.timeout(30_000),
        });
        expect(response.status, await response.clone().text()).toBe(202);
        const { id } = (await response.json()) as { id: string };
        runIdOf.set(run.tag, id);
        triggeredOn.set(id, web);
        return id;
      };
      const watchedId = await trigger(order[0]!, 0);
      const otherWeb = fetch(`${webs[1]!.url}/api/v1/runs/${watchedId}/events`, {
        headers: { authorization: `Bearer ${order[0]!.token}` },
        signal: AbortSignal.timeout(120_000),
      }).then(async (response) => ({ status: response.status, text: await response.text() }));
      await Promise.all(order.slice(1).map((run, i) => trigger(run, (i + 1) % 2)));

      // SIGTERM the first worker while it holds runs: a 1 s grace, then what is still running goes back to the queue.
      const victim = workers[0]!;
      await waitFor('worker 0 to hold two runs', async () => (holding(victim) >= 2 ? true : undefined), 60_000, 20);
      victim.kill('SIGTERM');
      await victim.exited;

      const allIds = [...runIdOf.values()];
      const rows = await waitFor(
        'every run to end',
        async () => {
          const found = await Promise.all(allIds.map((id) => runRow(db, id)));
          return found.every((row) => row && !['QUEUED', 'RUNNING'].includes(row.status)) ? found : undefined;
        },
        120_000,
        250,
      );

      // Every run passed with all its assertions, one result row each.
      for (const row of rows) {
        expect(row?.status, `run ${row?.id}: ${row?.error ?? ''}`).toBe('PASSED');
        expect([row?.total, row?.passed], `run ${row?.id}'s total and passed`).toEqual([CALLS, CALLS]);
      }
      // eslint-disable-next-line no-restricted-properties -- the test reads every tenant's results.
      const results = await db.unscoped.assertionResult.groupBy({
        by: ['runId'],
        where: { runId: { in: allIds } },
        _count: { _all: true },
      });
      expect(results).toHaveLength(allIds.length);
      for (const group of results) expect(group._count._all, group.runId).toBe(CALLS);

      // Claims and ends, from the workers' own logs: one `run finished` per run in all; one claim per attempt.
      const lines = workers.map((worker) => runLines(worker));
      const handedBackAt = new Map(
        lines[0]!.filter((l) => l.msg === HANDED_BACK).map((l): [string, number] => [l.runId!, l.time!]),
      );
      const handedBack = new Set(handedBackAt.keys());
      expect(handedBack.size, 'runs the stopped worker handed back').toBeGreaterThan(0);
      for (const row of rows) {
        const id = row!.id;
        const claims = lines.flat().filter((l) => l.msg === 'run started' && l.runId === id).length;
        const finishes = lines.flatMap((l, w) =>
          l.filter((x) => x.msg === 'run finished' && x.runId === id).map(() => w),
        );
        expect(finishes, `run ${id} finished by`).toHaveLength(1);
        expect(row!.attempts, `run ${id}'s attempts`).toBe(handedBack.has(id) ? 2 : 1);
        expect(claims, `run ${id}'s claims`).toBe(row!.attempts);
        if (handedBack.has(id)) {
          // Finished by a worker that kept running, after the stop.
          expect(finishes[0], `handed-back run ${id}`).not.toBe(0);
        }
        const events = await readRunEvents(redis.redis, redis.prefix, id);
        expect(
          events.filter((e) => e.event.type === 'run.finished'),
          `run ${id}'s run.finished`,
        ).toHaveLength(1);
      }

      // At the mock: every run called each of its assertions exactly once, except that a handed-back run also has the
      // calls its first attempt made before the stop (a prefix, each at most once), then one full pass.
      const calls = mock!.calls.filter((call) => call.tool === 'work');
      const byTag = new Map<string, MockCall[]>();
      for (const call of calls) {
        const [tag, index] = String(call.arguments.q).split(':');
        expect(Number(index)).toBeGreaterThanOrEqual(1);
        byTag.set(tag!, [...(byTag.get(tag!) ?? []), call]);
      }
      expect([...byTag.keys()].sort()).toEqual([...runIdOf.keys()].sort());
      for (const [tag, own] of byTag) {
        const id = runIdOf.get(tag)!;
        const indexes = own.map((call) => Number(String(call.arguments.q).split(':')[1]));
        const full = Array.from({ length: CALLS }, (_, i) => i + 1);
        if (!handedBack.has(id)) {
          expect(indexes, `calls of run ${tag}`).toEqual(full);
          continue;
        }
        const first = indexes.length - CALLS;
        expect(first, `calls of handed-back run ${tag}: ${indexes.join(',')}`).toBeGreaterThanOrEqual(0);
        expect(indexes.slice(0, first)).toEqual(full.slice(0, first));
        expect(indexes.slice(first)).toEqual(full);
        // The first attempt's calls arrived before the stopped worker handed the run back; the full pass after it.
        const backAt = handedBackAt.get(id)!;
        for (const call of own.slice(0, first)) expect(call.at).toBeLessThanOrEqual(backAt);
        expect(own[first]!.at).toBeGreaterThan(backAt);
      }

      // Fairness across workers, measured at the mock: a tenant's calls in flight at once never exceed its cap, and the
      // caps of A and B were reached (so they, not the 12 worker slots, were the bound), with their runs spread over
      // several workers.
      const workerOf = new Map<string, Set<number>>();
      lines.forEach((own, w) => {
        for (const line of own.filter((l) => l.msg === 'run started')) {
          workerOf.set(line.runId!, (workerOf.get(line.runId!) ?? new Set()).add(w));
        }
      });
      for (const tenant of TENANTS) {
        const own = calls.filter((call) => String(call.arguments.q).startsWith(`${tenant.name}-`));
        const inFlight = maxOverlap(own.map((call) => ({ from: call.at, to: call.answeredAt ?? Date.now() })));
        expect(inFlight, `tenant ${tenant.name}'s calls in flight at once`).toBeLessThanOrEqual(tenant.cap);
        if (tenant.cap < tenant.runs) expect(inFlight, `tenant ${tenant.name} reached its cap`).toBe(tenant.cap);
        const tenantRuns = runs.filter((run) => run.tenant === tenant).map((run) => runIdOf.get(run.tag)!);
        const used = new Set(tenantRuns.flatMap((id) => [...(workerOf.get(id) ?? [])]));
        expect(used.size, `workers that ran tenant ${tenant.name}`).toBeGreaterThan(1);
      }

      // Both web processes took triggers, and the run triggered on web 0 streamed to web 1's client to its end.
      expect(new Set(triggeredOn.values())).toEqual(new Set([0, 1]));
      const streamed = await otherWeb;
      expect(streamed.status).toBe(200);
      expect(streamed.text).toContain('event: run.started');
      expect(streamed.text).toContain('event: run.finished');
    },
  );
});
