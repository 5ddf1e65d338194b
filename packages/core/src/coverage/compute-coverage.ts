import { z } from 'zod';
import { ToolClass, type ExecPolicy } from '../policy/exec-policy-schema';
import type { ToolDescriptor } from '../policy/tool-descriptor';
import type { LoadedSuite } from '../suite/load-suite';
import { plannedCalls, type PlannedCall } from './assertion-calls';
import { needsReview } from './needs-review';
import { classifyRisk, orderByPhase } from './order-by-phase';
import { RISK_LEVELS, RiskLevel } from './risk-level';

/** One assertion as coverage counts it: where it is, and the tools it calls (setup steps by their `setup[i]` role). */
export interface CoverageAssertion {
  /** The suite's name (or id), to say which suites cover a tool. */
  suite: string;
  key: string;
  calls: readonly PlannedCall[];
}

/** A suite's assertions as coverage counts them. */
export function coverageAssertionsOf(suite: LoadedSuite, label: string = suite.name): CoverageAssertion[] {
  return suite.assertions.map((assertion) => ({ suite: label, key: assertion.key, calls: plannedCalls(assertion) }));
}

const AssertionRef = z.object({ suite: z.string(), key: z.string() });

/** One listed tool in the coverage table (the wire shape: run resource, API, CLI `--json`). */
export const ToolCoverage = z.object({
  name: z.string(),
  class: ToolClass,
  classSource: z.enum(['override', 'annotation', 'meta', 'name']),
  /** The tool's risk level: the phase its assertions run in (setup, read-only, low, medium, high). */
  phase: RiskLevel,
  phaseSource: z.enum(['meta', 'class']),
  /** Which rule decided the class and the phase. */
  reason: z.string(),
  /** Assertions whose own block calls the tool (a setup step does not cover it, as in mcp-assert). */
  assertions: z.int(),
  assertedBy: z.array(AssertionRef),
  /** Setup steps that call it: exercised, but nothing checks its result. */
  setupUses: z.int(),
  covered: z.boolean(),
  /** Classed read-only by its name alone while its description speaks of changing state: a person should look. */
  needsReview: z.boolean(),
  reviewReason: z.string().optional(),
});
export type ToolCoverage = z.infer<typeof ToolCoverage>;

const PhaseTotals = z.object({ tools: z.int(), covered: z.int() });

export const CoverageReport = z.object({
  /** Every listed tool, in phase order, listing order within a phase. */
  tools: z.array(ToolCoverage),
  totals: z.object({
    tools: z.int(),
    covered: z.int(),
    /** covered × 100 / tools, rounded down (mcp-assert's figure); 0 without tools. */
    percentage: z.int(),
    needsReview: z.int(),
    byPhase: z.record(RiskLevel, PhaseTotals),
  }),
  /** Mutating or destructive tools no assertion covers (the idempotency-tagging proposal's "not tested" list). */
  uncoveredRisky: z.array(z.string()),
  /** Tools assertions call that the listing does not hold (renamed or removed, or a typo). */
  unknownTools: z.array(z.string()),
});
export type CoverageReport = z.infer<typeof CoverageReport>;

/**
 * Which listed tools the assertions (of one suite or many) cover, each with its class, risk phase and whether it
 * needs a person's review, plus totals and the uncovered mutating and destructive tools.
 */
export function computeCoverage(
  tools: readonly ToolDescriptor[],
  assertions: readonly CoverageAssertion[],
  policy: ExecPolicy,
): CoverageReport {
  const asserted = new Map<string, { suite: string; key: string }[]>();
  const setupUses = new Map<string, number>();
  for (const assertion of assertions) {
    for (const call of assertion.calls) {
      if (call.role.startsWith('setup')) {
        setupUses.set(call.tool, (setupUses.get(call.tool) ?? 0) + 1);
      } else {
        const refs = asserted.get(call.tool) ?? [];
        refs.push({ suite: assertion.suite, key: assertion.key });
        asserted.set(call.tool, refs);
      }
    }
  }

  const seen = new Set<string>();
  const rows: ToolCoverage[] = [];
  for (const tool of tools) {
    // A listing that repeats a name describes one tool; the first entry is the one a client would call.
    if (seen.has(tool.name)) continue;
    seen.add(tool.name);
    const { classification, risk } = classifyRisk(tool, policy);
    const refs = asserted.get(tool.name) ?? [];
    const review = needsReview(tool, classification);
    rows.push({
      name: tool.name,
      class: classification.class,
      classSource: classification.source,
      phase: risk.level,
      phaseSource: risk.source,
      reason: risk.source === 'meta' ? `${risk.reason}; ${classification.reason}` : classification.reason,
      assertions: refs.length,
      assertedBy: refs,
      setupUses: setupUses.get(tool.name) ?? 0,
      covered: refs.length > 0,
      needsReview: review !== undefined,
      ...(review === undefined ? {} : { reviewReason: `the description says "${review}"` }),
    });
  }
  const ordered = orderByPhase(rows, (row) => row.phase);

  const byPhase = Object.fromEntries(RISK_LEVELS.map((level) => [level, { tools: 0, covered: 0 }])) as Record<
    RiskLevel,
    { tools: number; covered: number }
  >;
  for (const row of ordered) {
    byPhase[row.phase].tools += 1;
    if (row.covered) byPhase[row.phase].covered += 1;
  }
  const covered = ordered.filter((row) => row.covered).length;
  const called = new Set([...asserted.keys(), ...setupUses.keys()]);
  return {
    tools: ordered,
    totals: {
      tools: ordered.length,
      covered,
      percentage: ordered.length === 0 ? 0 : Math.floor((covered * 100) / ordered.length),
      needsReview: ordered.filter((row) => row.needsReview).length,
      byPhase,
    },
    uncoveredRisky: ordered
      .filter((row) => !row.covered && (row.class === 'Mutating' || row.class === 'Destructive'))
      .map((row) => row.name),
    unknownTools: [...called].filter((name) => !seen.has(name)).sort(),
  };
}

/** mcp-assert's `--coverage-json` document: names sorted, setup steps not counted, percentage rounded down. */
export interface McpAssertCoverageJson {
  total: number;
  covered: number;
  percentage: number;
  covered_tools: { name: string; assertions: number }[];
  uncovered_tools: string[];
}

export function toMcpAssertCoverageJson(report: CoverageReport): McpAssertCoverageJson {
  const byName = [...report.tools].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return {
    total: report.totals.tools,
    covered: report.totals.covered,
    percentage: report.totals.percentage,
    covered_tools: byName.filter((t) => t.covered).map((t) => ({ name: t.name, assertions: t.assertions })),
    uncovered_tools: byName.filter((t) => !t.covered).map((t) => t.name),
  };
}
