import { capByPlan, ExecPolicy, PlanName, RequestBudgetExhaustedError, type OutboundGate } from '@mcptest/core';
import { createTenantRequestBudget } from '@mcptest/redis';
import type { WorkerDeps } from '../worker-deps';

/** What checks of one tenant share: the gate taking each request from the tenant's daily request allowance. */
export interface TenantMonitorContext {
  allowance: OutboundGate;
}

const releaseNothing = () => undefined;

/**
 * The tenant's request allowance as a gate for the SSRF-safe fetch, so a monitor's requests count like a run's and
 * discovery's (`tenantOutboundFetch` in the web app). Kept for `ttlMs` per tenant: the ticker checks many monitors of
 * one tenant per minute and the plan or policy rarely changes; null when the tenant no longer exists.
 */
export function createTenantMonitorContexts(
  deps: Pick<WorkerDeps, 'db' | 'redis' | 'prefix' | 'plans'>,
  ttlMs = 60_000,
) {
  const cache = new Map<string, { at: number; context: Promise<TenantMonitorContext | null> }>();
  const load = async (tenantId: string): Promise<TenantMonitorContext | null> => {
    const tenant = await deps.db.global.tenant.findUnique({
      where: { id: tenantId },
      select: { plan: true, execPolicy: true },
    });
    if (!tenant) return null;
    const limits = deps.plans[PlanName.parse(tenant.plan)];
    // An invalid stored policy narrows nothing: the plan's cap still applies.
    const policy = ExecPolicy.safeParse(tenant.execPolicy);
    const budget = createTenantRequestBudget({
      redis: deps.redis,
      prefix: deps.prefix,
      tenantId,
      dailyCallBudget: capByPlan(policy.success ? policy.data.daily_call_budget : undefined, limits.dailyCalls),
    });
    return {
      allowance: async () => {
        const acquired = await budget.acquireRequest();
        if (!acquired.ok) throw new RequestBudgetExhaustedError(acquired.exhausted);
        return releaseNothing;
      },
    };
  };
  return {
    get(tenantId: string, now: number): Promise<TenantMonitorContext | null> {
      const hit = cache.get(tenantId);
      if (hit && now - hit.at < ttlMs) return hit.context;
      const context = load(tenantId);
      cache.set(tenantId, { at: now, context });
      // A failed load is not cached.
      context.catch(() => cache.delete(tenantId));
      return context;
    },
  };
}
export type TenantMonitorContexts = ReturnType<typeof createTenantMonitorContexts>;
