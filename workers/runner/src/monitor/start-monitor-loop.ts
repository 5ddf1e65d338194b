import {
  claimDueMonitors,
  recordMonitorChecks,
  releaseMonitors,
  type ClaimedMonitor,
  type MonitorCheckRecord,
  type MonitorRelease,
} from '@mcptest/db';
import type { WorkerDeps } from '../worker-deps';
import { checkMonitor, MONITOR_TARGET_SELECT, type MonitorTarget } from './check-monitor';
import type { MonitorSettings } from './monitor-settings';
import { createTenantMonitorContexts } from './tenant-monitor-context';

/** What one tick did (tests, the benchmark, metrics). */
export interface MonitorTickReport {
  claimed: number;
  recorded: number;
  /** Claimed monitors handed back for a retry (their check failed to run or to be written). */
  released: number;
  /** How late each claimed check started, ms past its due time. */
  lateness: number[];
  /** Time spent in the claim and the batched write. */
  dbMs: number;
}

export interface MonitorLoop {
  /** One tick now: write what finished, claim what is due up to the free concurrency, start those checks. */
  tick(): Promise<MonitorTickReport>;
  /** Checks in flight. */
  inFlight(): number;
  /** Stops ticking, waits for the checks in flight and writes their results. */
  stop(): Promise<void>;
}

/**
 * The monitor ticker (docs/health.md#uptime-monitors): every `tickMs` it writes the checks finished since the last tick
 * in one batch (`recordMonitorChecks`), then claims due monitors (`claimDueMonitors`: FOR UPDATE SKIP LOCKED, so any
 * number of workers share the work) up to the free part of `concurrency`, loads their servers (one query per tenant),
 * and starts their checks without waiting.
 * Postgres holds the schedule (each monitor's nextCheckAt at its stable offset), so a restart, a new worker or a dead
 * one changes nothing but who checks; a dead worker's claimed monitors come back after their lease.
 * Nothing claimed waits for that lease in a live worker: a result whose write fails stays queued for the next pass, and
 * a monitor whose check could not be made or recorded (its servers not loaded, its transition not written: Postgres or
 * Redis away) is counted (`mcptest_monitor_checks_total{outcome="error"}`), logged, and handed back to be checked again
 * after `confirmDelayMs` (`releaseMonitors`, in the same pass's write).
 */
export function startMonitorLoop(
  deps: WorkerDeps,
  settings: MonitorSettings,
  hooks: { onTick?: (report: MonitorTickReport) => void; autoStart?: boolean } = {},
): MonitorLoop {
  const contexts = createTenantMonitorContexts(deps);
  const leaseMs = settings.checkTimeoutMs * 3 + 60_000;
  const finished: MonitorCheckRecord[] = [];
  const released: MonitorRelease[] = [];
  const running = new Set<Promise<void>>();
  let stopped = false;

  /**
   * The servers of one tenant's claimed monitors, in one query (one transaction, as the servers table has row-level
   * security), so a check costs Postgres nothing but its share of the batched write. A monitor whose server or tenant
   * is gone is skipped (the cascade removes it).
   */
  const loadTargets = async (tenantId: string, claimed: readonly ClaimedMonitor[]) => {
    const context = await contexts.get(tenantId, Date.now());
    if (!context) return [];
    const servers: MonitorTarget[] = await deps.db.tenant(tenantId).server.findMany({
      where: { id: { in: claimed.map((m) => m.serverId) } },
      select: MONITOR_TARGET_SELECT,
    });
    const byId = new Map(servers.map((s) => [s.id, s]));
    return claimed.flatMap((monitor) => {
      const server = byId.get(monitor.serverId);
      return server ? [{ monitor, server, context }] : [];
    });
  };

  /** A claimed monitor not checked or not recorded: counted, and due again after the confirmation delay. */
  const release = (monitors: readonly ClaimedMonitor[], error: Error) => {
    if (monitors.length === 0) return;
    const retryAt = new Date(deps.now().getTime() + settings.confirmDelayMs);
    for (const m of monitors) released.push({ monitorId: m.id, leaseUntil: m.leaseUntil, retryAt });
    deps.metrics.monitorChecks.inc({ outcome: 'error' }, monitors.length);
    deps.logger.warn(
      { monitorIds: monitors.map((m) => m.id), error: error.message, retryAt },
      'monitor check could not be made or recorded',
    );
  };

  const start = (
    monitor: ClaimedMonitor,
    server: MonitorTarget,
    context: NonNullable<Awaited<ReturnType<typeof contexts.get>>>,
  ) => {
    const check = checkMonitor(deps, settings, context, monitor, server)
      .then((done) => {
        finished.push(done.record);
        deps.metrics.monitorChecks.inc({ outcome: done.result.ok ? 'up' : done.result.reason });
      })
      // Postgres away mid-check (loading its OAuth connection, writing its transition): nothing of it was written.
      .catch((error: Error) => release([monitor], error))
      .finally(() => running.delete(check));
    running.add(check);
  };

  /** Writes the finished checks, then the releases; what fails is put back for the next pass (a Postgres blip). */
  const flush = async () => {
    let recorded = 0;
    if (finished.length > 0) {
      const batch = finished.splice(0, finished.length);
      try {
        await recordMonitorChecks(deps.db, batch, deps.now());
      } catch (error) {
        finished.unshift(...batch);
        throw error;
      }
      recorded = batch.length;
    }
    if (released.length > 0) {
      const batch = released.splice(0, released.length);
      try {
        await releaseMonitors(deps.db, batch);
      } catch (error) {
        released.unshift(...batch);
        throw error;
      }
    }
    return recorded;
  };

  const tick = async (): Promise<MonitorTickReport> => {
    const started = performance.now();
    const releasing = released.length;
    const recorded = await flush();
    const free = stopped ? 0 : settings.concurrency - running.size;
    const now = deps.now();
    const claimed = free > 0 ? await claimDueMonitors(deps.db, { now, limit: free, leaseMs }) : [];
    const byTenant = new Map<string, ClaimedMonitor[]>();
    for (const m of claimed) byTenant.set(m.tenantId, [...(byTenant.get(m.tenantId) ?? []), m]);
    const loaded = await Promise.all(
      [...byTenant].map(([tenantId, ms]) =>
        loadTargets(tenantId, ms).catch((error: Error) => {
          // One tenant's read failing costs its monitors a retry, not the lease, and the others nothing.
          release(ms, error);
          return [];
        }),
      ),
    );
    const ready = loaded.flat();
    const dbMs = performance.now() - started;
    const lateness = claimed.map((m) => Math.max(0, now.getTime() - m.dueAt.getTime()));
    for (const { monitor, server, context } of ready) start(monitor, server, context);
    const report = { claimed: claimed.length, recorded, released: releasing, lateness, dbMs };
    for (const late of lateness) deps.metrics.monitorLateness.observe(late / 1000);
    // Idle ticks (nothing written, nothing due) are one empty index scan: counted too, they are the idle cost.
    deps.metrics.monitorTickDb.observe(dbMs / 1000);
    hooks.onTick?.(report);
    return report;
  };

  let ticking = false;
  const timer =
    hooks.autoStart === false
      ? undefined
      : setInterval(() => {
          if (ticking) return;
          ticking = true;
          tick()
            .catch((error: Error) => deps.logger.warn({ error: error.message }, 'monitor tick failed'))
            .finally(() => {
              ticking = false;
            });
        }, settings.tickMs);
  timer?.unref();

  return {
    tick,
    inFlight: () => running.size,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await Promise.all([...running]);
      await flush().catch((error: Error) => {
        // The last chance to write: what is left comes back after its lease, like a dead worker's.
        const lost = finished.length + released.length;
        deps.metrics.monitorChecks.inc({ outcome: 'not_recorded' }, lost);
        deps.logger.error(
          {
            monitorIds: [...finished.map((r) => r.monitorId), ...released.map((r) => r.monitorId)],
            error: error.message,
          },
          'monitor results not written at shutdown; these monitors are checked again after their lease',
        );
      });
    },
  };
}
