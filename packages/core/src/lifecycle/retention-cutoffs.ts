import { PlanName, type PlanTable } from '../plan/plan-limits';

const DAY_MS = 86_400_000;

/** What the retention job deletes, each kept for its own number of days (the plan's `*RetentionDays`). */
export const RETENTION_TARGETS = ['runs', 'transcripts', 'deliveries', 'auditLog', 'rollups'] as const;
export type RetentionTarget = (typeof RETENTION_TARGETS)[number];

/** Rows of one plan's tenants created before a cutoff are expired; one cutoff per target. */
export type RetentionCutoffs = Readonly<Record<PlanName, Readonly<Record<RetentionTarget, Date>>>>;

/**
 * The instant before which each plan's rows of each target are expired at `now`. A transcript never outlives its run's
 * cutoff (a run deleted first takes its transcripts with it), and a rollup never expires before its raw rows, so a
 * trend never shows a day the raw runs still have but the rollup lost. Rollups are cut at a UTC day boundary: a day is
 * kept whole or deleted whole.
 */
export function retentionCutoffs(plans: PlanTable, now: Date): RetentionCutoffs {
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const table = {} as Record<PlanName, Record<RetentionTarget, Date>>;
  for (const plan of PlanName.options) {
    const limits = plans[plan];
    const rollupDays = Math.max(limits.rollupRetentionDays, limits.runRetentionDays);
    table[plan] = {
      runs: before(limits.runRetentionDays),
      transcripts: before(Math.min(limits.transcriptRetentionDays, limits.runRetentionDays)),
      deliveries: before(limits.deliveryRetentionDays),
      auditLog: before(limits.auditLogRetentionDays),
      rollups: startOfUtcDay(before(rollupDays)),
    };
  }
  return table;
}

/** Midnight UTC of the instant's day: the `day` of a daily rollup row. */
export function startOfUtcDay(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}
