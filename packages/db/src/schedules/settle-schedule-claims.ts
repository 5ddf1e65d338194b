import type { Database } from '../database';

/** What became of one claimed schedule. */
export interface ScheduleSettlement {
  suiteId: string;
  /** The claim's lease (`ClaimedSchedule.leaseUntil`). */
  leaseUntil: Date;
  /**
   * The row's nextFireAt from now on: the next slot after a firing (or after a slot the plan no longer allows), the
   * same slot to retry one that could not be fired, null to stop (a pattern that no longer reads).
   */
  nextFireAt: Date | null;
}

/**
 * Ends claims in one statement for the batch: nextFireAt set, the lease cleared. Only a row still holding its claim's
 * lease moves, so a suite saved meanwhile (the save re-arms it and clears the lease) keeps what the save wrote, and a
 * row another ticker claimed after this lease ran out is left to it. Returns the rows moved.
 */
export async function settleScheduleClaims(db: Database, settlements: readonly ScheduleSettlement[]): Promise<number> {
  if (settlements.length === 0) return 0;
  const rows = settlements.map((s) => ({
    id: s.suiteId,
    lease: s.leaseUntil.toISOString(),
    next: s.nextFireAt?.toISOString() ?? null,
  }));
  return db.unscoped.$executeRaw`
    UPDATE "Suite" s SET "nextFireAt" = v."next", "fireLeaseUntil" = NULL
    FROM json_to_recordset(${JSON.stringify(rows)}::json) AS v("id" text, "lease" timestamp, "next" timestamp)
    WHERE s."id" = v."id" AND s."fireLeaseUntil" = v."lease"`;
}
