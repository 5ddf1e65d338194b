import { PlanName, type PlanLimits } from '@mcptest/core';
import { ApiError } from '@/server/api/api-error';
import type { ServiceDeps } from '@/server/services/service-deps';

/** The tenant's plan limits (operator overrides applied). */
export async function tenantLimits(deps: ServiceDeps, tenantId: string): Promise<PlanLimits & { plan: PlanName }> {
  const tenant = await deps.db.global.tenant.findUnique({ where: { id: tenantId }, select: { plan: true } });
  if (!tenant) throw new ApiError('not_found', 'tenant not found');
  const plan = PlanName.parse(tenant.plan);
  return { plan, ...deps.plans[plan] };
}
