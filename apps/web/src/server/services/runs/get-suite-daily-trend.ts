import { startOfUtcDay } from '@mcptest/core';
import { z } from 'zod';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { getSuiteOrThrow } from '@/server/services/suites/get-suite-or-throw';

/** How many UTC days a daily trend covers (today included): a quarter by default, up to three years of rollups. */
export const GetSuiteDailyTrendQuery = z.object({ days: z.int().min(1).max(1100).default(90) });
export type GetSuiteDailyTrendQuery = z.input<typeof GetSuiteDailyTrendQuery>;

/** One UTC day of a suite's finished runs, from its SuiteDay rollup. */
export interface DailyTrendPoint {
  /** YYYY-MM-DD (UTC). */
  day: string;
  /** Finished runs that tested the server (cancelled ones are left out, as the per-run trend leaves them out). */
  runs: number;
  passedRuns: number;
  failedRuns: number;
  errorRuns: number;
  /** Passed assertions over assertions recorded, in %, rounded to 0.1; null on a day without any. */
  passRate: number | null;
  /** Mean duration of the day's runs. */
  meanDurationMs: number;
  maxDurationMs: number;
}

export interface SuiteDailyTrend {
  days: number;
  /** Days with finished runs only, oldest first. */
  points: DailyTrendPoint[];
  summary: { runs: number; passRate: number | null; meanDurationMs: number | null };
}

/**
 * A suite's finished runs per UTC day over the last `days` days, read from the SuiteDay rollup (one row a day, the
 * (suiteId, day) unique index) and never from runs or results: the long view, which stays after retention has
 * deleted the raw runs (docs/operations.md#data-lifecycle). The per-run trend (getSuiteTrend) shows the latest runs.
 */
export async function getSuiteDailyTrend(
  deps: ServiceDeps,
  actor: Actor,
  suiteId: string,
  query: GetSuiteDailyTrendQuery = {},
): Promise<SuiteDailyTrend> {
  const { days } = GetSuiteDailyTrendQuery.parse(query);
  await getSuiteOrThrow(deps, actor, suiteId);
  const from = new Date(startOfUtcDay(deps.now()).getTime() - (days - 1) * 86_400_000);
  const rows = await deps.db.tenant(actor.tenantId).suiteDay.findMany({
    where: { suiteId, day: { gte: from } },
    orderBy: { day: 'asc' },
  });
  const tested = (r: (typeof rows)[number]) => r.runs - r.cancelledRuns;
  const points = rows
    .filter((r) => tested(r) > 0)
    .map((r): DailyTrendPoint => ({
      day: r.day.toISOString().slice(0, 10),
      runs: tested(r),
      passedRuns: r.passedRuns,
      failedRuns: r.failedRuns,
      errorRuns: r.errorRuns,
      passRate: r.assertions > 0 ? round1((r.passedAssertions / r.assertions) * 100) : null,
      meanDurationMs: Math.round(Number(r.durationSumMs) / tested(r)),
      maxDurationMs: r.durationMaxMs,
    }));
  const runs = rows.reduce((sum, r) => sum + tested(r), 0);
  const assertions = rows.reduce((sum, r) => sum + r.assertions, 0);
  const passed = rows.reduce((sum, r) => sum + r.passedAssertions, 0);
  const duration = rows.reduce((sum, r) => sum + Number(r.durationSumMs), 0);
  return {
    days,
    points,
    summary: {
      runs,
      passRate: assertions > 0 ? round1((passed / assertions) * 100) : null,
      meanDurationMs: runs > 0 ? Math.round(duration / runs) : null,
    },
  };
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
