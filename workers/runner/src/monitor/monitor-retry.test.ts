// No claimed monitor waits for its lease in a live worker. The ticker is driven pass by pass against real Postgres and
// Redis, with one kind of Postgres failure planted at a time (the transition's transaction, one tenant's server read,
// the batched write): the monitor is counted and due again after the confirmation delay, or its result is written on
// the next pass, and at shutdown what cannot be written is counted. Before this, such a monitor came back only after
// its 66 s lease (3 × the check timeout + 60 s) and nothing but a log line said so.
import type { Database, TenantDb } from '@mcptest/db';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../test/db';
import { freePort } from '../../../../test/mcp-servers';
import { useTestRedis } from '../../../../test/redis';
import { seedSuite, startTestWorker, waitFor } from '../../../../test/worker';
import { startMonitorLoop, type MonitorLoop } from './start-monitor-loop';

const database = useTestDatabase();
const redis = useTestRedis();
const CHECK_TIMEOUT_MS = 2_000;
// Long enough that a handed-back monitor is not due again before the test has looked at its row.
const CONFIRM_DELAY_MS = 2_000;
const LEASE_MS = CHECK_TIMEOUT_MS * 3 + 60_000;

let worker: Awaited<ReturnType<typeof startTestWorker>>;
let deadUrl: string;

beforeAll(async () => {
  // The worker's deps (SSRF-safe fetch, Redis, metrics, secret box) without its own ticker: the tests drive one.
  worker = await startTestWorker(database, redis, { MONITOR_ENABLED: 'false' });
  // Nothing listens there: every check fails fast (connect refused), which is all these tests need of a check.
  deadUrl = `http://127.0.0.1:${await freePort()}/mcp`;
});
afterAll(async () => {
  await worker?.stop();
});
// Each test's ticker sees only its own monitor.
const seededMonitors: { tdb: TenantDb; id: string }[] = [];
afterEach(async () => {
  for (const { tdb, id } of seededMonitors.splice(0)) {
    await tdb.monitor.updateMany({ where: { id }, data: { enabled: false } });
  }
});

/** Planted failures, each used up as it fires: the next call goes to Postgres. */
interface Faults {
  transactions: number;
  serverReads: number;
  batchWrites: number;
}

const lost = () => Promise.reject(new Error('Connection terminated unexpectedly'));

function faultyDb(db: Database, faults: Faults): Database {
  const tenant = (tenantId: string): TenantDb =>
    new Proxy(db.tenant(tenantId), {
      get(target, prop, receiver) {
        if (prop === 'transaction' && faults.transactions > 0) {
          faults.transactions -= 1;
          return lost;
        }
        if (prop === 'server' && faults.serverReads > 0) {
          faults.serverReads -= 1;
          return { findMany: lost };
        }
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
  // eslint-disable-next-line no-restricted-properties -- the ticker's batched write is a system write across tenants.
  const unscoped = new Proxy(db.unscoped, {
    get(target, prop, receiver) {
      if (prop === '$transaction' && faults.batchWrites > 0) {
        faults.batchWrites -= 1;
        return lost;
      }
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
  return { ...db, tenant, unscoped };
}

async function seedMonitor(state: { state?: 'UP'; consecutiveFailures?: number; lastCheckedAt?: Date } = {}) {
  const seeded = await seedSuite(database.db, { serverUrl: deadUrl, yaml: 'name: m\nassertions: []\n' });
  const tdb = database.db.tenant(seeded.tenantId);
  const monitor = await tdb.monitor.create({
    data: {
      tenantId: seeded.tenantId,
      serverId: seeded.serverId,
      badgeKey: `ub_${seeded.serverId}`,
      nextCheckAt: new Date(Date.now() - 1000),
      ...state,
    },
  });
  seededMonitors.push({ tdb, id: monitor.id });
  return { tdb, id: monitor.id, row: () => tdb.monitor.findUniqueOrThrow({ where: { id: monitor.id } }) };
}

function loop(faults: Faults): MonitorLoop {
  return startMonitorLoop(
    { ...worker.deps, db: faultyDb(worker.deps.db, faults) },
    { concurrency: 10, tickMs: 100, checkTimeoutMs: CHECK_TIMEOUT_MS, confirmDelayMs: CONFIRM_DELAY_MS },
    { autoStart: false },
  );
}

const settled = (l: MonitorLoop) =>
  waitFor('the checks in flight', async () => (l.inFlight() === 0 ? true : undefined));

async function outcomes(): Promise<Record<string, number>> {
  const metric = await worker.deps.metrics.monitorChecks.get();
  return Object.fromEntries(metric.values.map((v) => [String(v.labels.outcome), v.value]));
}

/** Ticks until the monitor's row passes `probe`: each pass writes what finished and claims what is due. */
async function tickUntil<T>(l: MonitorLoop, what: string, probe: () => Promise<T | undefined>) {
  return waitFor(what, async () => {
    await l.tick();
    return probe();
  });
}

describe('the monitor ticker and Postgres failures', () => {
  it('checks a monitor again shortly, not after its lease, when its transition could not be written', async () => {
    // UP with one failure: the next failure confirms it and turns the monitor DOWN, a transition written at once.
    const m = await seedMonitor({ state: 'UP', consecutiveFailures: 1, lastCheckedAt: new Date(Date.now() - 30_000) });
    const faults = { transactions: 1, serverReads: 0, batchWrites: 0 };
    const l = loop(faults);
    const before = await outcomes();
    const first = await l.tick();
    expect(first.claimed).toBe(1);
    await settled(l);
    expect(faults.transactions).toBe(0);
    // Nothing of the check was written: still UP, and leased.
    const leased = await m.row();
    expect(leased).toMatchObject({ state: 'UP', consecutiveFailures: 1 });
    expect(leased.nextCheckAt.getTime()).toBeGreaterThan(Date.now() + LEASE_MS / 2);

    const handedBack = Date.now();
    const second = await l.tick();
    const retry = await m.row();
    // Due again after the confirmation delay, not the lease.
    expect(retry.nextCheckAt.getTime()).toBeLessThanOrEqual(handedBack + CONFIRM_DELAY_MS);
    expect(retry.state).toBe('UP');
    expect(second.released).toBe(1);
    expect((await outcomes()).error).toBe((before.error ?? 0) + 1);

    // The retry is the real check: the failure confirmed, DOWN, the incident opened.
    const down = await tickUntil(l, 'DOWN', async () => {
      const row = await m.row();
      return row.state === 'DOWN' ? row : undefined;
    });
    expect(down.consecutiveFailures).toBe(2);
    expect(await m.tdb.monitorIncident.count({ where: { monitorId: m.id } })).toBe(1);
    await l.stop();
  });

  it("hands back a tenant's claimed monitors when their servers cannot be read, and the pass goes on", async () => {
    const m = await seedMonitor();
    const faults = { transactions: 0, serverReads: 1, batchWrites: 0 };
    const l = loop(faults);
    const first = await l.tick();
    expect(first.claimed).toBe(1);
    expect(faults.serverReads).toBe(0);
    expect(l.inFlight()).toBe(0);
    const handedBack = Date.now();
    const second = await l.tick();
    expect((await m.row()).nextCheckAt.getTime()).toBeLessThanOrEqual(handedBack + CONFIRM_DELAY_MS);
    expect(second.released).toBe(1);
    const checked = await tickUntil(l, 'the check recorded', async () => {
      const row = await m.row();
      return row.lastCheckedAt ? row : undefined;
    });
    expect(checked.consecutiveFailures).toBe(1);
    await l.stop();
  });

  it('keeps a result whose batched write failed and writes it on the next pass', async () => {
    const m = await seedMonitor();
    const faults = { transactions: 0, serverReads: 0, batchWrites: 1 };
    const l = loop(faults);
    await l.tick();
    await settled(l);
    await expect(l.tick()).rejects.toThrow('Connection terminated');
    expect((await m.row()).lastCheckedAt).toBeNull();
    expect((await l.tick()).recorded).toBe(1);
    const row = await m.row();
    expect(row.consecutiveFailures).toBe(1);
    expect(row.lastError).toMatch(/^connect_failed: /);
    await l.stop();
  });

  it('counts the results it cannot write at shutdown', async () => {
    await seedMonitor();
    const faults = { transactions: 0, serverReads: 0, batchWrites: 0 };
    const l = loop(faults);
    const before = await outcomes();
    expect((await l.tick()).claimed).toBe(1);
    faults.batchWrites = 1;
    await l.stop();
    expect(faults.batchWrites).toBe(0);
    expect((await outcomes()).not_recorded).toBe((before.not_recorded ?? 0) + 1);
  });
});
