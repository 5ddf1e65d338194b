import { capByPlan, type OutboundGate, RequestBudgetExhaustedError } from '@mcptest/core';
import type { FetchLike } from '@mcptest/mcp';
import { createTenantRequestBudget } from '@mcptest/redis';
import { loadTenantPolicy } from '@/server/services/policy/load-tenant-policy';
import type { ServiceDeps } from '@/server/services/service-deps';

/**
 * The web process's fetch for requests made on a tenant's behalf (discovery, connection tests, the OAuth connect
 * flow): the SSRF-safe outbound fetch (`deps.outbound`: the deployment's address rules, per-host politeness) behind a
 * gate that takes each request from the tenant's daily request allowance, so these count like a run's requests. An
 * exhausted allowance throws `RequestBudgetExhaustedError` from the request.
 */
export async function tenantOutboundFetch(
  deps: Pick<ServiceDeps, 'outbound' | 'redis' | 'prefix' | 'db' | 'plans'>,
  tenantId: string,
): Promise<FetchLike> {
  const { policy, limits } = await loadTenantPolicy(deps, tenantId);
  const budget = createTenantRequestBudget({
    redis: deps.redis,
    prefix: deps.prefix,
    tenantId,
    dailyCallBudget: capByPlan(policy.daily_call_budget, limits.dailyCalls),
  });
  const releaseNothing = () => undefined;
  const tenantAllowance: OutboundGate = async () => {
    const acquired = await budget.acquireRequest();
    if (!acquired.ok) throw new RequestBudgetExhaustedError(acquired.exhausted);
    return releaseNothing;
  };
  return deps.outbound.withGate(tenantAllowance);
}
