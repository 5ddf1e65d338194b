import {
  DEFAULT_SLO_WINDOW_RUNS,
  MAX_SLO_WINDOW_RUNS,
  SloBreach,
  type LatencyStats,
  type SloConfig,
  type SloEvaluation,
} from '@mcptest/core';
import { z } from 'zod';

/** `?runs=N`: how many of the latest finished runs; default the suite's SLO window, else 20. */
export const LatencyQuery = z.object({
  runs: z.coerce.number().int().min(1).max(MAX_SLO_WINDOW_RUNS).optional(),
});
export type LatencyQuery = z.infer<typeof LatencyQuery>;

const Ms = z.int().optional();
const Targets = z.object({ p50: Ms, p95: Ms, p99: Ms });
const Stats = z.object({
  /** Calls measured. */
  samples: z.int(),
  /** Runs with at least one of them. */
  runs: z.int(),
  p50: Ms,
  p95: Ms,
  p99: Ms,
});

export const ToolLatencyResource = Stats.extend({
  tool: z.string(),
  /** The targets that apply to the tool (the suite's, replaced by its own); empty without an SLO. */
  targets: Targets,
  /** Enough runs of the window called it to judge it (`minRuns`). */
  judged: z.boolean(),
  breaches: z.array(SloBreach),
});

export const LatencyPointResource = Stats.extend({
  runId: z.string(),
  finishedAt: z.iso.datetime().nullable(),
  /** The run breached its suite's SLO when it finished (its stored `sloBreaches`). */
  breached: z.boolean(),
});

export const LatencyResource = z.object({
  /** Runs asked for, and runs found (finished, passed or failed). */
  runs: z.int(),
  windowRuns: z.int(),
  /** The suite's `slo:` as it reads now (null without one, and on a server's page, whose suites differ). */
  slo: z.object({ over: z.int(), targets: Targets, tools: z.record(z.string(), Targets) }).nullable(),
  /** A tool is judged only when at least this many runs of the window called it. */
  minRuns: z.int(),
  /** Every call of the window, all tools together. */
  overall: Stats,
  tools: z.array(ToolLatencyResource),
  /** Over the runs asked for, judged by the SLO's targets (the worker judges each run over the SLO's own window). */
  breaches: z.array(SloBreach),
  /** Per run, oldest first. */
  trend: z.array(LatencyPointResource),
});
export type LatencyResource = z.infer<typeof LatencyResource>;

/** The window when neither `?runs=` nor an SLO says. */
export const DEFAULT_LATENCY_RUNS = DEFAULT_SLO_WINDOW_RUNS;

const statsOf = (s: LatencyStats) => ({
  samples: s.samples,
  runs: s.runs,
  ...(s.p50 === undefined ? {} : { p50: s.p50 }),
  ...(s.p95 === undefined ? {} : { p95: s.p95 }),
  ...(s.p99 === undefined ? {} : { p99: s.p99 }),
});

/** The resource from core's evaluation; `breachedRuns` are the runs whose stored breaches are not empty. */
export function toLatencyResource(
  runs: number,
  slo: SloConfig | undefined,
  evaluation: SloEvaluation,
  breachedRuns: ReadonlySet<string>,
): LatencyResource {
  return {
    runs,
    windowRuns: evaluation.windowRuns,
    slo: slo ? { over: slo.over, targets: slo.targets, tools: slo.tools } : null,
    minRuns: evaluation.minRuns,
    overall: statsOf(evaluation.suite),
    tools: evaluation.tools.map((t) => ({
      tool: t.tool,
      ...statsOf(t),
      targets: t.targets,
      judged: t.judged,
      breaches: t.breaches,
    })),
    breaches: evaluation.breaches,
    trend: evaluation.trend.map((p) => ({
      runId: p.runId,
      finishedAt: p.finishedAt?.toISOString() ?? null,
      ...statsOf(p),
      breached: breachedRuns.has(p.runId),
    })),
  };
}
