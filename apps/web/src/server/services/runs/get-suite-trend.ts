import type { DbRunStatus } from '@mcptest/core';
import { z } from 'zod';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { getSuiteOrThrow } from '@/server/services/suites/get-suite-or-throw';

/** How many runs a trend covers: enough to see a drift, small enough to read with one indexed query. */
export const GetSuiteTrendQuery = z.object({ limit: z.int().min(2).max(200).default(50) });
export type GetSuiteTrendQuery = z.input<typeof GetSuiteTrendQuery>;

/** One finished run as a point of the trend. */
export interface TrendPoint {
  runId: string;
  status: 'passed' | 'failed' | 'error';
  /** passed / total × 100, rounded to 0.1; null when the run recorded no assertion (it errored before any). */
  passRate: number | null;
  passed: number;
  total: number;
  durationMs: number | null;
  finishedAt: string;
}

export interface SuiteTrend {
  /** Oldest first, so a chart reads left to right. */
  points: TrendPoint[];
  summary: {
    runs: number;
    /** Assertions passed over assertions recorded across the points, in %, rounded to 0.1; null with none. */
    passRate: number | null;
    medianDurationMs: number | null;
  };
}

/**
 * Finished runs form the trend; queued and running ones have no verdict yet and cancelled ones were stopped on
 * purpose, so counting them would read as a drop in quality that is not there.
 */
const FINISHED = ['PASSED', 'FAILED', 'ERROR'] as const;
/** The statuses a trend point can have (the query reads only FINISHED ones); any other is a bug, not a point. */
const TREND_STATUS: Readonly<Partial<Record<DbRunStatus, TrendPoint['status']>>> = {
  PASSED: 'passed',
  FAILED: 'failed',
  ERROR: 'error',
};

function trendStatus(status: DbRunStatus): TrendPoint['status'] {
  const point = TREND_STATUS[status];
  if (!point) throw new Error(`a trend point with status ${status}`);
  return point;
}

/**
 * Pass rate and duration of a suite's newest finished runs, for the overview's trend chart. One bounded query on the
 * (tenantId, suiteId, createdAt) index; the points come back oldest → newest.
 */
export async function getSuiteTrend(
  deps: ServiceDeps,
  actor: Actor,
  suiteId: string,
  query: GetSuiteTrendQuery = {},
): Promise<SuiteTrend> {
  const { limit } = GetSuiteTrendQuery.parse(query);
  await getSuiteOrThrow(deps, actor, suiteId);
  const rows = await deps.db.tenant(actor.tenantId).run.findMany({
    where: { suiteId, status: { in: [...FINISHED] }, finishedAt: { not: null } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit,
    select: { id: true, status: true, passed: true, total: true, durationMs: true, finishedAt: true },
  });
  const points = rows.reverse().map((row): TrendPoint => ({
    runId: row.id,
    status: trendStatus(row.status),
    passRate: row.total > 0 ? round1((row.passed / row.total) * 100) : null,
    passed: row.passed,
    total: row.total,
    durationMs: row.durationMs,
    finishedAt: (row.finishedAt ?? new Date(0)).toISOString(),
  }));
  return { points, summary: summarizeTrend(points) };
}

/** The one-line reading of a trend (also the chart's accessible description). */
export function summarizeTrend(points: readonly TrendPoint[]): SuiteTrend['summary'] {
  const passed = points.reduce((sum, p) => sum + p.passed, 0);
  const total = points.reduce((sum, p) => sum + p.total, 0);
  const durations = points.flatMap((p) => (p.durationMs === null ? [] : [p.durationMs])).sort((a, b) => a - b);
  const mid = Math.floor(durations.length / 2);
  const median =
    durations.length === 0
      ? null
      : durations.length % 2 === 1
        ? durations[mid]!
        : Math.round((durations[mid - 1]! + durations[mid]!) / 2);
  return { runs: points.length, passRate: total > 0 ? round1((passed / total) * 100) : null, medianDurationMs: median };
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
