import { capByPlan, ExecPolicy, PlanName, type PlanLimits } from '@mcptest/core';
import { ApiError } from '@/server/api/api-error';
import type { ServiceDeps } from '@/server/services/service-deps';
import type { PolicyResource } from './policy-schemas';

export interface TenantPolicy {
  policy: ExecPolicy;
  plan: PlanName;
  limits: PlanLimits;
}

/**
 * The tenant's exec policy (defaults applied), plan and plan limits, from the global Tenant table. A stored policy
 * that no longer validates is a 500 that says how to repair it (the worker refuses runs under it for the same reason).
 */
export async function loadTenantPolicy(
  deps: Pick<ServiceDeps, 'db' | 'plans'>,
  tenantId: string,
): Promise<TenantPolicy> {
  const tenant = await deps.db.global.tenant.findUnique({
    where: { id: tenantId },
    select: { plan: true, execPolicy: true },
  });
  if (!tenant) throw new ApiError('not_found', 'tenant not found');
  const parsed = ExecPolicy.safeParse(tenant.execPolicy);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ApiError(
      'internal',
      `the stored exec policy is invalid (${issue ? `${issue.path.join('.') || '(policy)'}: ${issue.message}` : 'unknown problem'}); PUT /api/v1/policy to replace it`,
    );
  }
  const plan = PlanName.parse(tenant.plan);
  return { policy: parsed.data, plan, limits: deps.plans[plan] };
}

export function toPolicyResource(tenant: TenantPolicy): PolicyResource {
  return {
    policy: tenant.policy,
    plan: tenant.plan,
    limits: tenant.limits,
    effective: {
      maxCallsPerRun: capByPlan(tenant.policy.max_calls, tenant.limits.maxCallsPerRun),
      dailyCalls: capByPlan(tenant.policy.daily_call_budget, tenant.limits.dailyCalls),
    },
  };
}
