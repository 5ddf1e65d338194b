import { ExecPolicy } from '@mcptest/core';
import { ApiError } from '@/server/api/api-error';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { loadTenantPolicy, toPolicyResource, type TenantPolicy } from './load-tenant-policy';
import type { PolicyResource, UpdatePolicyRequest } from './policy-schemas';
import { recordAudit, type AuditMetadata } from '@/server/services/record-audit';

/** Stable JSON for comparing two policies knob by knob. */
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Replaces the tenant's execution safety policy (PUT: absent knobs take their defaults). The policy is stored with
 * defaults applied, so what GET shows is exactly what runs use. A token restricted to one project cannot change what
 * applies to every project (403).
 */
export async function updatePolicy(
  deps: ServiceDeps,
  actor: Actor,
  input: UpdatePolicyRequest,
): Promise<PolicyResource> {
  if (actor.projectId) {
    throw new ApiError('forbidden', 'a token restricted to one project cannot change the tenant-wide policy');
  }
  // Parsed again so a caller other than the REST route (the UI) cannot store an unchecked policy.
  const policy = ExecPolicy.parse(input);
  let before: TenantPolicy | undefined;
  try {
    before = await loadTenantPolicy(deps, actor.tenantId);
  } catch (error) {
    // An invalid stored policy is exactly what a PUT repairs.
    if (!(error instanceof ApiError && error.code === 'internal')) throw error;
  }
  const stored = JSON.parse(JSON.stringify(policy)) as AuditMetadata;
  await deps.db.global.tenant.update({ where: { id: actor.tenantId }, data: { execPolicy: stored } });
  const changed = (Object.keys(ExecPolicy.shape) as (keyof ExecPolicy)[]).filter(
    (key) => !before || !same(before.policy[key], policy[key]),
  );
  await recordAudit(deps.db.tenant(actor.tenantId), actor, {
    action: 'policy.update',
    targetType: 'tenant',
    targetId: actor.tenantId,
    metadata: { changed, policy: stored },
  });
  return toPolicyResource(await loadTenantPolicy(deps, actor.tenantId));
}
