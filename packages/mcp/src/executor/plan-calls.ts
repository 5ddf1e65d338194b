import {
  classifyTool,
  decide,
  type ExecDecisionKind,
  type ExecPolicy,
  type PlannedCall,
  type ToolClass,
  type ToolDescriptor,
} from '@mcptest/core';

export { blockTool, plannedCalls, type PlannedCall } from '@mcptest/core';

/** What the policy says about one assertion's calls, decided before any of them is made. */
export type CallsVerdict =
  | {
      ok: true;
      /** Class and decision of the block's tool (absent when the block calls none). */
      toolClass?: ToolClass;
      decision?: ExecDecisionKind;
      /** Some call is ExecuteOnce: the assertion runs in one trial only. */
      once: boolean;
    }
  | { ok: false; toolClass?: ToolClass; decision?: ExecDecisionKind; reason: string };

/**
 * Classifies every planned call under the policy and decides it for a live run. A Refuse anywhere (a destructive
 * setup step as much as the asserted tool: setup must not become a way around the policy) refuses the assertion with
 * the policy's typed reason. A tool missing from tools/list is classified by its name alone.
 */
export function judgeCalls(
  calls: readonly PlannedCall[],
  tools: ReadonlyMap<string, ToolDescriptor>,
  policy: ExecPolicy,
): CallsVerdict {
  let once = false;
  let main: { toolClass: ToolClass; decision: ExecDecisionKind } | undefined;
  let refused: string | undefined;
  for (const call of calls) {
    const descriptor = tools.get(call.tool) ?? { name: call.tool };
    const classification = classifyTool(descriptor, policy);
    const decision = decide(classification.class, 'live', policy);
    if (!call.role.startsWith('setup')) main = { toolClass: classification.class, decision: decision.decision };
    if (decision.decision === 'ExecuteOnce') once = true;
    if (refused === undefined && (decision.decision === 'Refuse' || decision.decision === 'GenerateOnly')) {
      const why = decision.reason?.message ?? `${decision.decision}: not called in a live run`;
      const where = call.role.startsWith('setup') ? `${call.role} calls ${call.tool}` : call.tool;
      refused = `${where} is ${classification.class} (${classification.reason}): ${why}`;
    }
  }
  if (refused !== undefined) return { ok: false, ...main, reason: refused };
  return { ok: true, ...main, once };
}
