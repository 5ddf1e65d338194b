import { ExecPolicy, PlanLimits, PlanName } from '@mcptest/core';
import { z } from 'zod';

/** What GET and PUT /policy answer: the tenant's policy with defaults applied, its plan, and what applies under both. */
export const PolicyResource = z.object({
  policy: ExecPolicy,
  plan: PlanName,
  /** The plan's ceilings; the policy can only narrow them. */
  limits: PlanLimits,
  /** The call limits that apply: the policy's, capped by the plan. */
  effective: z.object({ maxCallsPerRun: z.int(), dailyCalls: z.int() }),
});
export type PolicyResource = z.infer<typeof PolicyResource>;

/** PUT /policy body: every knob optional (absent means its default), misspelt knobs refused. */
export const UpdatePolicyRequest = ExecPolicy;
export type UpdatePolicyRequest = z.infer<typeof UpdatePolicyRequest>;
