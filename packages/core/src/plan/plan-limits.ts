import { z } from 'zod';

/** The plans of the `Plan` enum in prisma/schema.prisma. */
export const PlanName = z.enum(['FREE', 'TEAM', 'ENTERPRISE']);
export type PlanName = z.infer<typeof PlanName>;

/**
 * What a plan allows. The tenant's exec policy can only narrow these (a policy `max_calls` above the plan's cap is
 * capped), so a plan is the ceiling an operator sells and the policy is what the tenant chooses under it.
 */
export const PlanLimits = z.strictObject({
  /** Runs of one tenant executing at once across all workers (fair admission's per-tenant cap). */
  concurrentRuns: z.int().min(1).max(1000),
  /** Tool calls in one run. */
  maxCallsPerRun: z.int().min(1),
  /** Tool calls per tenant per UTC day, across all runs. */
  dailyCalls: z.int().min(1),
  /** Wall-clock limit of one run; the worker stops it with status error after this. */
  runTimeLimitSeconds: z.int().min(1),
  /** Least time between two firings of a suite's schedule. */
  minScheduleIntervalSeconds: z.int().min(1),
  /** Runs of one tenant waiting to start; a trigger beyond it is refused (quota_exceeded) before anything is queued. */
  maxQueuedRuns: z.int().min(1),
  /**
   * Bytes of stored assertion transcripts one tenant may hold (each capped at 1 MiB). Once used up, new results are
   * stored without their transcript and the run carries a notice; runs never fail for it (docs/operations.md).
   */
  transcriptStorageBytes: z.int().min(0),
  /** Uptime monitors one tenant may have enabled (one per server; docs/health.md#uptime-monitors). */
  maxMonitors: z.int().min(0),
  /** Shortest interval between two checks of a monitor, in minutes (a monitor's default is 5, raised to this). */
  minMonitorIntervalMinutes: z.int().min(1).max(1440),
  /**
   * Days a finished run is kept with its results, outbox row, conformance report and surface changes; the retention
   * job deletes it after (never the run its suite's baseline was taken from, never a queued or running one).
   */
  runRetentionDays: z.int().min(1).max(36_500),
  /**
   * Days a result keeps its transcript (the JSON-RPC exchange, by far its largest part); after, the transcript is
   * removed and the result stays. Above runRetentionDays it has no effect (the run is gone first).
   */
  transcriptRetentionDays: z.int().min(1).max(36_500),
  /** Days a webhook delivery row (the body sent and its attempts) is kept. */
  deliveryRetentionDays: z.int().min(1).max(36_500),
  /** Days an audit log entry is kept. */
  auditLogRetentionDays: z.int().min(1).max(36_500),
  /** Days the daily rollups (SuiteDay, MonitorDay) are kept: the long trends, years after the raw rows are gone. */
  rollupRetentionDays: z.int().min(1).max(36_500),
});
export type PlanLimits = z.infer<typeof PlanLimits>;

/**
 * Defaults per plan. FREE still gets a concurrent run and hourly schedules so that a team can try everything;
 * the call caps keep one tenant from turning workers into a load generator.
 */
export const DEFAULT_PLAN_LIMITS: Readonly<Record<PlanName, PlanLimits>> = Object.freeze({
  FREE: {
    concurrentRuns: 1,
    maxCallsPerRun: 200,
    dailyCalls: 2_000,
    runTimeLimitSeconds: 300,
    minScheduleIntervalSeconds: 3_600,
    maxQueuedRuns: 20,
    transcriptStorageBytes: 256 * 1024 * 1024,
    maxMonitors: 5,
    minMonitorIntervalMinutes: 5,
    runRetentionDays: 30,
    transcriptRetentionDays: 7,
    deliveryRetentionDays: 30,
    auditLogRetentionDays: 90,
    rollupRetentionDays: 400,
  },
  TEAM: {
    concurrentRuns: 4,
    maxCallsPerRun: 1_000,
    dailyCalls: 50_000,
    runTimeLimitSeconds: 900,
    minScheduleIntervalSeconds: 300,
    maxQueuedRuns: 500,
    transcriptStorageBytes: 5 * 1024 * 1024 * 1024,
    maxMonitors: 100,
    minMonitorIntervalMinutes: 1,
    runRetentionDays: 90,
    transcriptRetentionDays: 30,
    deliveryRetentionDays: 90,
    auditLogRetentionDays: 400,
    rollupRetentionDays: 1_100,
  },
  ENTERPRISE: {
    concurrentRuns: 16,
    maxCallsPerRun: 5_000,
    dailyCalls: 500_000,
    runTimeLimitSeconds: 3_600,
    minScheduleIntervalSeconds: 60,
    maxQueuedRuns: 5_000,
    transcriptStorageBytes: 50 * 1024 * 1024 * 1024,
    maxMonitors: 2_000,
    minMonitorIntervalMinutes: 1,
    runRetentionDays: 400,
    transcriptRetentionDays: 90,
    deliveryRetentionDays: 400,
    auditLogRetentionDays: 2_200,
    rollupRetentionDays: 3_700,
  },
});

/**
 * Per-plan overrides an operator sets (env `MCPTEST_PLAN_LIMITS`, JSON like `{"FREE":{"concurrentRuns":2}}`): any
 * plan, any subset of its limits.
 */
export const PlanLimitsOverride = z.partialRecord(PlanName, PlanLimits.partial());
export type PlanLimitsOverride = z.infer<typeof PlanLimitsOverride>;

export type PlanTable = Readonly<Record<PlanName, PlanLimits>>;

/** The defaults with an operator's overrides applied. */
export function resolvePlanTable(override: PlanLimitsOverride = {}): PlanTable {
  const table = {} as Record<PlanName, PlanLimits>;
  for (const plan of PlanName.options) {
    // An override names only what it changes; a key present but undefined must not erase the default.
    const given = Object.entries(override[plan] ?? {}).filter(([, value]) => value !== undefined);
    table[plan] = { ...DEFAULT_PLAN_LIMITS[plan], ...(Object.fromEntries(given) as Partial<PlanLimits>) };
  }
  return Object.freeze(table);
}

/** The lower of a policy's limit (absent = none) and the plan's cap: what actually applies. */
export function capByPlan(policyLimit: number | undefined, planLimit: number): number {
  return policyLimit === undefined ? planLimit : Math.min(policyLimit, planLimit);
}
