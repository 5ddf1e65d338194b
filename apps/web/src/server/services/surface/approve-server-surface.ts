import { ApiError } from '@/server/api/api-error';
import { recordAudit } from '@/server/services/record-audit';
import { getServerOrThrow } from '@/server/services/servers/get-server-or-throw';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { getServerSurface } from './get-server-surface';
import type { ApproveSurfaceRequest, ServerSurfaceResource } from './surface-schemas';

/**
 * "Approve this surface": pinned runs of the server's suites then compare against it (docs/health.md). The request
 * names the hash the user saw, and only that hash is approved, and only while it is still the recorded one: a surface
 * that changed between looking and approving is a 409 naming the current hash, never approved unseen. The update is
 * a compare-and-set on Server.surfaceHash, so a recording landing in between cannot slip through. Audited.
 */
export async function approveServerSurface(
  deps: Pick<ServiceDeps, 'db' | 'now' | 'plans'>,
  actor: Actor,
  serverId: string,
  input: ApproveSurfaceRequest,
): Promise<ServerSurfaceResource> {
  const { hash } = input;
  await getServerOrThrow(deps, actor, serverId);
  const db = deps.db.tenant(actor.tenantId);
  await db.transaction(async (tx) => {
    const approved = await tx.server.updateMany({
      where: { id: serverId, surfaceHash: hash },
      data: {
        approvedSurfaceHash: hash,
        surfaceApprovedAt: deps.now(),
        surfaceApprovedById: actor.userId ?? actor.tokenId ?? null,
      },
    });
    if (approved.count === 0) {
      const current = await tx.server.findFirst({ where: { id: serverId }, select: { surfaceHash: true } });
      throw new ApiError(
        'conflict',
        current?.surfaceHash
          ? 'the surface changed since it was shown: review the current one and approve it'
          : 'no surface recorded yet: discover the server first',
        { currentHash: current?.surfaceHash ?? null },
      );
    }
    await recordAudit(tx, actor, {
      action: 'server.surface_approve',
      targetType: 'server',
      targetId: serverId,
      metadata: { hash },
    });
  });
  return getServerSurface(deps, actor, serverId);
}
