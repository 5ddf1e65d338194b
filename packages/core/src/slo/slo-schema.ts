import { z } from 'zod';

/*
 * A suite's `slo:` block (docs/health.md#latency-slos): latency targets per tool, judged over the suite's last N
 * finished runs. `max_ms` (an assertion's `expect:`) stays the bound of one call; an SLO is about the distribution.
 */

/** The window when `over` is not written. */
export const DEFAULT_SLO_WINDOW_RUNS = 20;
/** The largest window: the evaluation reads this many runs' results at most. */
export const MAX_SLO_WINDOW_RUNS = 200;

/** The percentiles an SLO can bound, and their keys in the suite. */
export const SLO_PERCENTILES = ['p50', 'p95', 'p99'] as const;
export type SloPercentile = (typeof SLO_PERCENTILES)[number];

const targetMs = (percentile: SloPercentile, example: number) =>
  z
    .int()
    .positive()
    .max(3_600_000)
    .optional()
    .meta({
      description: `The ${percentile} of a tool's call durations over the window must not exceed this many milliseconds.`,
      examples: [example],
    });

const targetShape = {
  p50_ms: targetMs('p50', 300),
  p95_ms: targetMs('p95', 800),
  p99_ms: targetMs('p99', 1500),
};

/** `over: 20` or `over: "20 runs"`: the number of finished runs the percentiles are taken over. */
const SloWindow = z
  .unknown()
  .transform((value, ctx): number => {
    const n =
      typeof value === 'number'
        ? value
        : typeof value === 'string'
          ? Number(/^\s*(\d+)\s*(?:runs?)?\s*$/i.exec(value)?.[1] ?? Number.NaN)
          : Number.NaN;
    if (Number.isInteger(n) && n >= 1 && n <= MAX_SLO_WINDOW_RUNS) return n;
    ctx.issues.push({
      code: 'custom',
      message: `expected a number of runs from 1 to ${MAX_SLO_WINDOW_RUNS}, got ${JSON.stringify(value)}`,
      input: value,
      params: { hint: 'write `over: 20` or `over: "20 runs"`' },
    });
    return z.NEVER;
  })
  .meta({ shape: `a number of runs (1 to ${MAX_SLO_WINDOW_RUNS}), or the text \`"<n> runs"\`` });

export const SloTargets = z.strictObject(targetShape).meta({
  description: "One tool's targets; they replace the suite-level targets for that tool, key by key.",
});
export type SloTargets = z.output<typeof SloTargets>;

export const SuiteSlo = z
  .strictObject({
    ...targetShape,
    over: SloWindow.optional().meta({
      description: `How many of the suite's last finished runs (passed or failed) the percentiles are taken over, this run included. Default ${DEFAULT_SLO_WINDOW_RUNS}.`,
      examples: [20, '20 runs'],
    }),
    tools: z
      .record(z.string().min(1), SloTargets)
      .optional()
      .meta({
        description: 'Targets for single tools, by tool name, replacing the suite-level ones for that tool.',
        examples: [{ search: { p95_ms: 2000 } }],
      }),
  })
  .superRefine((slo, ctx) => {
    const hasTarget = (t: SloTargets) => SLO_PERCENTILES.some((p) => t[`${p}_ms`] !== undefined);
    if (hasTarget(slo) || Object.values(slo.tools ?? {}).some(hasTarget)) return;
    ctx.issues.push({
      code: 'custom',
      message: 'an slo needs at least one target',
      input: slo,
      path: [],
      params: { hint: 'add `p95_ms: 800` (or `p50_ms`, `p99_ms`, or targets under `tools:`)' },
    });
  })
  .transform((slo): SloConfig => ({
    targets: pickTargets(slo),
    over: slo.over ?? DEFAULT_SLO_WINDOW_RUNS,
    tools: Object.fromEntries(Object.entries(slo.tools ?? {}).map(([tool, t]) => [tool, pickTargets(t)])),
  }))
  .meta({
    description:
      "Latency objectives: the p50/p95/p99 of each tool's call durations over the suite's last `over` finished " +
      'runs. A breach is shown on the run, listed in its `sloBreaches` and sent as the `slo.breached` webhook when ' +
      'a target that was met is no longer met (docs/health.md#latency-slos). Hosted runs only; `max_ms` stays the ' +
      'bound of one call.',
    examples: [{ p95_ms: 800, over: 20, tools: { search: { p95_ms: 2000 } } }],
  });

/** The normalized block: suite-level targets, the window, and per-tool overrides. */
export interface SloConfig {
  targets: Partial<Record<SloPercentile, number>>;
  over: number;
  tools: Record<string, Partial<Record<SloPercentile, number>>>;
}

function pickTargets(t: SloTargets): Partial<Record<SloPercentile, number>> {
  const out: Partial<Record<SloPercentile, number>> = {};
  for (const p of SLO_PERCENTILES) {
    const v = t[`${p}_ms`];
    if (v !== undefined) out[p] = v;
  }
  return out;
}

/** The targets that apply to one tool: the suite's, each replaced by the tool's own where it has one. */
export function targetsForTool(slo: SloConfig, tool: string): Partial<Record<SloPercentile, number>> {
  return { ...slo.targets, ...(Object.hasOwn(slo.tools, tool) ? slo.tools[tool] : {}) };
}
