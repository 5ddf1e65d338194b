import type { Database } from '../database';

/** A suite whose schedule slot is due, claimed by one ticker to fire it once. */
export interface ClaimedSchedule {
  suiteId: string;
  tenantId: string;
  /** The tenant's plan (its limits decide whether the schedule may still fire). */
  plan: string;
  schedule: string;
  timezone: string;
  /** The slot being fired (the row's nextFireAt): the run's idempotency key, and lateness is `now - slot`. */
  slot: Date;
  /** The lease this claim wrote: `settleScheduleClaims` moves only a row still holding it. */
  leaseUntil: Date;
}

export interface ClaimDueSchedulesInput {
  now: Date;
  /** Most schedules claimed at once. */
  limit: number;
  /**
   * Claimed rows get fireLeaseUntil = now + lease: other tickers skip them while this one fires them, and a worker that
   * dies mid-batch leaves them due again (same slot, so the same idempotency key) after the lease.
   */
  leaseMs: number;
}

/**
 * Claims due schedules across tenants (a system scan, like the reconciler), oldest slot first: one statement that locks
 * the due rows with FOR UPDATE SKIP LOCKED, so the tickers of several workers never claim the same row, and writes the
 * lease. nextFireAt is left at the slot until the firing is settled, so a claim lost with its worker fires the same
 * slot again, which the run's idempotency key turns into the run already created. The scan uses the nextFireAt index
 * (null for suites not scheduled); the flags are checked again so a row left armed by a direct write cannot fire.
 */
export async function claimDueSchedules(db: Database, input: ClaimDueSchedulesInput): Promise<ClaimedSchedule[]> {
  const now = input.now.toISOString();
  const leaseUntil = new Date(input.now.getTime() + input.leaseMs).toISOString();
  return db.unscoped.$queryRaw<ClaimedSchedule[]>`
    WITH due AS (
      SELECT "id", "nextFireAt" FROM "Suite"
      WHERE "nextFireAt" <= ${now}::timestamp
        AND ("fireLeaseUntil" IS NULL OR "fireLeaseUntil" <= ${now}::timestamp)
        AND "enabled" AND "scheduleEnabled" AND "schedule" IS NOT NULL
      ORDER BY "nextFireAt"
      LIMIT ${input.limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE "Suite" s SET "fireLeaseUntil" = ${leaseUntil}::timestamp
    FROM due, "Tenant" t
    WHERE s."id" = due."id" AND t."id" = s."tenantId"
    RETURNING s."id" AS "suiteId", s."tenantId", t."plan"::text AS "plan", s."schedule", s."timezone",
      due."nextFireAt" AS "slot", s."fireLeaseUntil" AS "leaseUntil"`;
}
