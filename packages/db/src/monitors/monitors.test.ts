// The ticker's statements on real Postgres: claiming due monitors (two claimers never share a row, the lease hides
// claimed rows), recording a batch of checks (the Monitor rows and the day's rollup, buckets added element-wise) and
// handing claimed monitors back before their lease (only rows still holding it).
import { MONITOR_LATENCY_BUCKET_COUNT } from '@mcptest/core';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../test/db';
import { claimDueMonitors } from './claim-due-monitors';
import { recordMonitorChecks } from './record-monitor-checks';
import { releaseMonitors } from './release-monitors';

const database = useTestDatabase();

async function seedMonitors(count: number, nextCheckAt: Date) {
  const { db } = database;
  const tenant = await db.global.tenant.create({ data: { slug: `m${Math.random()}`.replace('.', ''), name: 'M' } });
  const t = db.tenant(tenant.id);
  const project = await t.project.create({ data: { tenantId: tenant.id, name: 'P', slug: 'p' } });
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const server = await t.server.create({
      data: { tenantId: tenant.id, projectId: project.id, name: `s${i}`, url: `https://s${i}.example/mcp` },
    });
    const monitor = await t.monitor.create({
      data: { tenantId: tenant.id, serverId: server.id, badgeKey: `ub_${server.id}`, nextCheckAt },
    });
    ids.push(monitor.id);
  }
  return { tenantId: tenant.id, ids, t };
}

describe('claimDueMonitors', () => {
  it('claims each due row once across concurrent claimers, leaves future and disabled ones, and leases them', async () => {
    const now = new Date('2026-11-27T10:00:00.000Z');
    const due = await seedMonitors(12, new Date(now.getTime() - 1000));
    const future = await seedMonitors(1, new Date(now.getTime() + 60_000));
    await due.t.monitor.updateMany({ where: { id: due.ids[0]! }, data: { enabled: false } });
    const [a, b, c] = await Promise.all(
      [0, 1, 2].map(() => claimDueMonitors(database.db, { now, limit: 5, leaseMs: 60_000 })),
    );
    const claimed = [...a!, ...b!, ...c!].map((m) => m.id);
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(claimed.sort()).toEqual(due.ids.slice(1).sort());
    expect(claimed).not.toContain(future.ids[0]);
    expect(a![0]).toMatchObject({
      tenantId: due.tenantId,
      state: 'UNKNOWN',
      consecutiveFailures: 0,
      intervalMinutes: 5,
    });
    expect(a![0]!.dueAt.getTime()).toBe(now.getTime() - 1000);
    // Leased: not due again until the lease is over.
    expect(await claimDueMonitors(database.db, { now, limit: 50, leaseMs: 60_000 })).toEqual([]);
    const after = await claimDueMonitors(database.db, { now: new Date(now.getTime() + 60_000), limit: 50, leaseMs: 1 });
    expect(after.map((m) => m.id).sort()).toEqual([...due.ids.slice(1), ...future.ids].sort());
  });
});

describe('recordMonitorChecks', () => {
  it('updates the monitors and adds the checks to the day rollup', async () => {
    const { ids, t } = await seedMonitors(2, new Date());
    const [m1, m2] = ids as [string, string];
    const at = new Date('2026-11-27T10:00:00.000Z');
    const next = new Date('2026-11-27T10:05:00.000Z');
    const base = { tenantId: t.tenantId, checkedAt: at, nextCheckAt: next };
    await recordMonitorChecks(
      database.db,
      [
        { ...base, monitorId: m1, ok: true, latencyMs: 120, error: null, state: 'UP', consecutiveFailures: 0 },
        {
          ...base,
          monitorId: m2,
          ok: false,
          latencyMs: null,
          error: 'connect_failed',
          state: 'UNKNOWN',
          consecutiveFailures: 1,
        },
      ],
      at,
    );
    await recordMonitorChecks(
      database.db,
      [
        { ...base, monitorId: m1, ok: true, latencyMs: 900, error: null, state: 'UP', consecutiveFailures: 0 },
        { ...base, monitorId: m1, ok: false, latencyMs: null, error: 'timeout', state: 'UP', consecutiveFailures: 1 },
      ],
      at,
    );
    const one = await t.monitor.findUniqueOrThrow({ where: { id: m1 } });
    expect(one).toMatchObject({ state: 'UP', consecutiveFailures: 1, lastLatencyMs: 900, lastError: 'timeout' });
    expect(one.nextCheckAt.toISOString()).toBe(next.toISOString());
    expect(one.lastCheckedAt?.toISOString()).toBe(at.toISOString());
    const two = await t.monitor.findUniqueOrThrow({ where: { id: m2 } });
    expect(two).toMatchObject({
      state: 'UNKNOWN',
      consecutiveFailures: 1,
      lastLatencyMs: null,
      lastError: 'connect_failed',
    });
    const day = await t.monitorDay.findFirstOrThrow({ where: { monitorId: m1 } });
    expect(day.day.toISOString()).toBe('2026-11-27T00:00:00.000Z');
    expect(day).toMatchObject({ checks: 3, failures: 1, latencySumMs: 1020n, latencyMaxMs: 900 });
    expect(day.latencyBuckets).toHaveLength(MONITOR_LATENCY_BUCKET_COUNT);
    expect(day.latencyBuckets[2]).toBe(1);
    expect(day.latencyBuckets[6]).toBe(1);
    expect(await t.monitorDay.findFirstOrThrow({ where: { monitorId: m2 } })).toMatchObject({ checks: 1, failures: 1 });
  });
});

describe('releaseMonitors', () => {
  it('moves a claimed monitor to its retry, and leaves one whose row no longer holds the lease', async () => {
    const now = new Date('2026-11-27T11:00:00.000Z');
    const { ids, t } = await seedMonitors(2, new Date(now.getTime() - 1000));
    const claimed = await claimDueMonitors(database.db, { now, limit: 100, leaseMs: 90_000 });
    const mine = claimed.filter((m) => ids.includes(m.id));
    expect(mine).toHaveLength(2);
    expect(mine[0]!.leaseUntil.toISOString()).toBe('2026-11-27T11:01:30.000Z');
    const [kept, written] = mine as [(typeof mine)[0], (typeof mine)[0]];
    // The second's transition wrote its real next slot meanwhile.
    const slot = new Date('2026-11-27T11:05:00.000Z');
    await t.monitor.updateMany({ where: { id: written.id }, data: { nextCheckAt: slot } });
    const retryAt = new Date(now.getTime() + 30_000);
    const moved = await releaseMonitors(
      database.db,
      mine.map((m) => ({ monitorId: m.id, leaseUntil: m.leaseUntil, retryAt })),
    );
    expect(moved).toBe(1);
    expect((await t.monitor.findUniqueOrThrow({ where: { id: kept.id } })).nextCheckAt).toEqual(retryAt);
    expect((await t.monitor.findUniqueOrThrow({ where: { id: written.id } })).nextCheckAt).toEqual(slot);
  });
});
