import { z } from 'zod';
import { percentile } from './percentile';
import { SLO_PERCENTILES, type SloConfig, type SloPercentile, targetsForTool } from './slo-schema';

/** One tool call's duration, from a PASS or FAIL result that made the call. */
export interface LatencySample {
  tool: string;
  durationMs: number;
}

/** One finished run's samples (oldest run first in the lists below). */
export interface RunLatencySamples {
  runId: string;
  finishedAt?: Date | null | undefined;
  samples: readonly LatencySample[];
}

export interface LatencyStats {
  /** Calls measured. */
  samples: number;
  /** Runs of the window with at least one of them. */
  runs: number;
  p50?: number;
  p95?: number;
  p99?: number;
}

export const SloBreach = z.object({
  tool: z.string(),
  percentile: z.enum(SLO_PERCENTILES),
  targetMs: z.int(),
  observedMs: z.int(),
  /** Calls and runs the percentile was taken over. */
  samples: z.int(),
  runs: z.int(),
});
export type SloBreach = z.infer<typeof SloBreach>;

export interface ToolLatency extends LatencyStats {
  tool: string;
  /** The targets that apply to this tool (empty without an SLO). */
  targets: Partial<Record<SloPercentile, number>>;
  /** The window held enough of this tool's runs to judge it (`minSloRuns`). */
  judged: boolean;
  breaches: SloBreach[];
}

/** One run's point of the trend chart: the percentiles of that run's calls alone. */
export interface RunLatencyPoint extends LatencyStats {
  runId: string;
  finishedAt: Date | null;
}

export interface SloEvaluation {
  /** Runs in the window (at most `over` with an SLO). */
  windowRuns: number;
  /** A tool is judged only when at least this many runs of the window called it. */
  minRuns: number;
  /** Every call of the window, all tools together. */
  suite: LatencyStats;
  /** Per tool, by name. */
  tools: ToolLatency[];
  /** Every tool's breaches, in tool order then p50, p95, p99. */
  breaches: SloBreach[];
  /** Per run, oldest first. */
  trend: RunLatencyPoint[];
}

/**
 * The fewest runs a window must hold (of the tool's, counting runs with at least one call of it) before a target is
 * judged: min(over, 5). Fewer calls make a p95 the slowest call or two, so one slow call of a new suite would breach.
 */
export function minSloRuns(over: number): number {
  return Math.min(over, 5);
}

function stats(values: readonly number[], runs: number): LatencyStats {
  if (values.length === 0) return { samples: 0, runs };
  return {
    samples: values.length,
    runs,
    p50: percentile(values, 50) as number,
    p95: percentile(values, 95) as number,
    p99: percentile(values, 99) as number,
  };
}

/**
 * The latency of a suite's last runs, and what breaches its SLO. `runs` are the suite's finished runs, oldest first;
 * with an SLO only the last `over` are taken. Each tool's percentiles are over every call of it in the window (calls,
 * not runs, are the unit: a run that calls a tool three times adds three samples). Without an SLO the numbers are
 * computed and nothing is judged. Pure.
 */
export function evaluateSlo(slo: SloConfig | undefined, runs: readonly RunLatencySamples[]): SloEvaluation {
  const window = slo ? runs.slice(Math.max(0, runs.length - slo.over)) : runs;
  const minRuns = slo ? minSloRuns(slo.over) : 0;
  const byTool = new Map<string, { values: number[]; runs: number }>();
  const all: number[] = [];
  let runsWithCalls = 0;
  const trend: RunLatencyPoint[] = [];
  for (const run of window) {
    const values = run.samples.map((s) => s.durationMs);
    all.push(...values);
    if (values.length > 0) runsWithCalls++;
    trend.push({ runId: run.runId, finishedAt: run.finishedAt ?? null, ...stats(values, values.length > 0 ? 1 : 0) });
    const seen = new Set<string>();
    for (const s of run.samples) {
      const entry = byTool.get(s.tool) ?? { values: [], runs: 0 };
      entry.values.push(s.durationMs);
      if (!seen.has(s.tool)) entry.runs++;
      seen.add(s.tool);
      byTool.set(s.tool, entry);
    }
  }
  const tools: ToolLatency[] = [...byTool.keys()].sort().map((tool) => {
    const entry = byTool.get(tool) as { values: number[]; runs: number };
    const toolStats = stats(entry.values, entry.runs);
    const targets = slo ? targetsForTool(slo, tool) : {};
    const judged = slo !== undefined && entry.runs >= minRuns;
    const breaches: SloBreach[] = [];
    for (const p of SLO_PERCENTILES) {
      const target = targets[p];
      const observed = toolStats[p];
      if (!judged || target === undefined || observed === undefined || observed <= target) continue;
      breaches.push({
        tool,
        percentile: p,
        targetMs: target,
        observedMs: observed,
        samples: toolStats.samples,
        runs: toolStats.runs,
      });
    }
    return { tool, ...toolStats, targets, judged, breaches };
  });
  return {
    windowRuns: window.length,
    minRuns,
    suite: stats(all, runsWithCalls),
    tools,
    breaches: tools.flatMap((t) => t.breaches),
    trend,
  };
}

const breachKey = (b: Pick<SloBreach, 'tool' | 'percentile'>) => `${b.percentile}\u0000${b.tool}`;

/**
 * The breaches that are new: a target (tool and percentile) breached now that the previous finished run of the suite
 * did not list as breached. `slo.breached` is raised for these only, so a target that stays breached run after run
 * raises it once; once met again (a run without that breach, or a run where it could not be judged), its next breach
 * raises it again. `previous` is that run's stored breaches (null for a run with none recorded).
 */
export function newSloBreaches(previous: readonly SloBreach[] | null, current: readonly SloBreach[]): SloBreach[] {
  const before = new Set((previous ?? []).map(breachKey));
  return current.filter((b) => !before.has(breachKey(b)));
}

/** `Run.sloBreaches` as stored: core's SloBreach objects; anything else reads as none. */
export function parseSloBreaches(stored: unknown): SloBreach[] {
  const parsed = z.array(SloBreach).safeParse(stored);
  return parsed.success ? parsed.data : [];
}
