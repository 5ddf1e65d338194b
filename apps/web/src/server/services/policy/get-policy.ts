import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { loadTenantPolicy, toPolicyResource } from './load-tenant-policy';
import type { PolicyResource } from './policy-schemas';

/** The tenant's execution safety policy with defaults applied, its plan and the limits that apply. */
export async function getPolicy(deps: ServiceDeps, actor: Actor): Promise<PolicyResource> {
  return toPolicyResource(await loadTenantPolicy(deps, actor.tenantId));
}
