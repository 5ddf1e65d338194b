import type { Database } from '../database';

/** A claimed monitor whose check was not made or not recorded, handed back to be checked again at `retryAt`. */
export interface MonitorRelease {
  monitorId: string;
  /** The claim's lease (`ClaimedMonitor.leaseUntil`). */
  leaseUntil: Date;
  retryAt: Date;
}

/**
 * Hands claimed monitors back before their lease runs out (the lease is for a worker that died, not for a check that
 * failed in a live one): their nextCheckAt becomes `retryAt`, in one statement for the batch. Only a row still holding
 * its claim's lease moves, so a monitor whose transition was written (its real next slot set) or that another worker
 * claimed after the lease is left alone. Returns the rows moved.
 */
export async function releaseMonitors(db: Database, releases: readonly MonitorRelease[]): Promise<number> {
  if (releases.length === 0) return 0;
  const rows = releases.map((r) => ({
    id: r.monitorId,
    lease: r.leaseUntil.toISOString(),
    retry: r.retryAt.toISOString(),
  }));
  return db.unscoped.$executeRaw`
    UPDATE "Monitor" m SET "nextCheckAt" = v."retry"
    FROM json_to_recordset(${JSON.stringify(rows)}::json) AS v("id" text, "lease" timestamp, "retry" timestamp)
    WHERE m."id" = v."id" AND m."nextCheckAt" = v."lease"`;
}
