import { classifyTool, type ToolClassification } from '../policy/classify-tool';
import type { ExecPolicy } from '../policy/exec-policy-schema';
import type { ToolDescriptor } from '../policy/tool-descriptor';
import { type RiskLevel, riskLevelOf, riskRank, type ToolRiskLevel } from './risk-level';

/**
 * Items in risk-phase order (setup, read-only, low, medium, high): a write cannot change what a read observes, and a
 * destructive call cannot take away what the others need. Stable: items of one phase keep their order. Does not
 * modify its input. The one home of run order by risk (the audit's probes, starter suites and suite runs).
 */
export function orderByPhase<T>(items: readonly T[], levelOf: (item: T) => RiskLevel): T[] {
  return items
    .map((item, index) => ({ item, index, rank: riskRank(levelOf(item)) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ item }) => item);
}

/** A tool's class and risk level under the policy: classifyTool, then riskLevelOf. */
export function classifyRisk(
  tool: ToolDescriptor,
  policy: ExecPolicy,
): { classification: ToolClassification; risk: ToolRiskLevel } {
  const classification = classifyTool(tool, policy);
  return { classification, risk: riskLevelOf(tool, classification, policy) };
}

/** What ordering needs of an assertion: the tools it calls (setup steps included) and an explicit `phase:`. */
export interface PhasedAssertion {
  calls: readonly { tool: string }[];
  phase?: 'setup';
}

/**
 * An assertion's phase: `setup` when it says so (a fixture other assertions need), else the most cautious level of
 * the tools it and its setup steps call (a tool missing from the listing is judged by its name), read-only when it
 * calls none.
 */
export function assertionPhase(
  assertion: PhasedAssertion,
  tools: ReadonlyMap<string, ToolDescriptor>,
  policy: ExecPolicy,
): RiskLevel {
  if (assertion.phase === 'setup') return 'setup';
  let phase: RiskLevel | undefined;
  for (const call of assertion.calls) {
    const { risk } = classifyRisk(tools.get(call.tool) ?? { name: call.tool }, policy);
    if (phase === undefined || riskRank(risk.level) > riskRank(phase)) phase = risk.level;
  }
  return phase ?? 'read-only';
}

/**
 * The run order of a suite's assertions: indices into `assertions` in phase order, with each assertion's phase.
 * Pure data in and out, so the executor can run it in its checker (tool names and `_meta` are the server's).
 */
export function planPhases(
  assertions: readonly PhasedAssertion[],
  tools: ReadonlyMap<string, ToolDescriptor>,
  policy: ExecPolicy,
): { order: number[]; phases: RiskLevel[] } {
  const phases = assertions.map((assertion) => assertionPhase(assertion, tools, policy));
  const order = orderByPhase(
    phases.map((_, index) => index),
    (index) => phases[index]!,
  );
  return { order, phases };
}
