import { loadTenantPolicy } from '@/server/services/policy/load-tenant-policy';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { buildDiscoveryResult } from './build-discovery-result';
import { StoredDiscovery, type SavedDiscovery } from './discovery-schemas';
import { getServerOrThrow } from './get-server-or-throw';

/**
 * The server's last discovery (null when it was never discovered, or what is stored no longer parses), classified and
 * linted under the tenant's current policy, with the changes it found when it ran. Nothing is contacted: this is what
 * the server's page shows on load.
 */
export async function getServerDiscovery(
  deps: ServiceDeps,
  actor: Actor,
  serverId: string,
): Promise<SavedDiscovery | null> {
  await getServerOrThrow(deps, actor, serverId);
  const row = await deps.db.tenant(actor.tenantId).server.findFirst({
    where: { id: serverId },
    select: { discovery: true, discoveredAt: true },
  });
  const stored = StoredDiscovery.safeParse(row?.discovery);
  if (!row?.discoveredAt || !stored.success) return null;
  const { policy } = await loadTenantPolicy(deps, actor.tenantId);
  return {
    ...buildDiscoveryResult({
      serverId,
      discoveredAt: row.discoveredAt,
      stored: stored.data,
      policy,
      changes: stored.data.changes ?? null,
      warnings: stored.data.warnings ?? [],
    }),
    changedFrom: stored.data.changedFrom ?? [],
  };
}
