import { lintSurface, ServerSurface, summarizeSurfaceLint } from '@mcptest/core';
import { loadTenantPolicy } from '@/server/services/policy/load-tenant-policy';
import { SURFACE_PIN_FROM_DB } from '@/server/services/projects/project-schemas';
import { getServerOrThrow } from '@/server/services/servers/get-server-or-throw';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import type { ServerSurfaceResource, SurfaceApprover } from './surface-schemas';

/** The approver's id is a user's (the web app) or an API token's (the API); a user is shown by email. */
async function findApprover(deps: Pick<ServiceDeps, 'db'>, id: string | null): Promise<SurfaceApprover | null> {
  if (id === null) return null;
  const user = await deps.db.global.user.findUnique({ where: { id }, select: { id: true, email: true } });
  return user ? { kind: 'user', id: user.id, email: user.email } : { kind: 'token', id };
}

/**
 * A server's surface (docs/health.md): the one last recorded by a run or a discovery (hash, when first and last
 * read, counts, the surface itself), the approved one (hash, when, by whom), whether they are the same, and the
 * project's pin, and the security lint of that surface under the tenant's current policy (as discovery shows it). 404 as the server itself for another tenant or a token restricted to another project.
 */
export async function getServerSurface(
  deps: Pick<ServiceDeps, 'db' | 'plans'>,
  actor: Actor,
  serverId: string,
): Promise<ServerSurfaceResource> {
  const { projectId } = await getServerOrThrow(deps, actor, serverId);
  const db = deps.db.tenant(actor.tenantId);
  const [server, project] = await Promise.all([
    db.server.findFirstOrThrow({
      where: { id: serverId },
      select: { surfaceHash: true, approvedSurfaceHash: true, surfaceApprovedAt: true, surfaceApprovedById: true },
    }),
    db.project.findFirstOrThrow({ where: { id: projectId }, select: { surfacePin: true } }),
  ]);
  const snapshot =
    server.surfaceHash === null
      ? null
      : await db.surfaceSnapshot.findFirst({
          where: { serverId, hash: server.surfaceHash },
          select: { surface: true, firstSeenAt: true, lastSeenAt: true },
        });
  const parsed = ServerSurface.safeParse(snapshot?.surface);
  const surface = parsed.success ? parsed.data : null;
  const findings = surface ? lintSurface(surface, (await loadTenantPolicy(deps, actor.tenantId)).policy) : [];
  return {
    serverId,
    hash: server.surfaceHash,
    firstSeenAt: snapshot?.firstSeenAt.toISOString() ?? null,
    recordedAt: snapshot?.lastSeenAt.toISOString() ?? null,
    approved:
      server.approvedSurfaceHash === null
        ? null
        : {
            hash: server.approvedSurfaceHash,
            at: server.surfaceApprovedAt?.toISOString() ?? null,
            by: await findApprover(deps, server.surfaceApprovedById),
          },
    approvedIsCurrent: server.surfaceHash !== null && server.surfaceHash === server.approvedSurfaceHash,
    pin: SURFACE_PIN_FROM_DB[project.surfacePin],
    counts: {
      tools: surface?.tools.length ?? 0,
      resources: surface?.resources.length ?? 0,
      resourceTemplates: surface?.resourceTemplates.length ?? 0,
      prompts: surface?.prompts.length ?? 0,
    },
    surface,
    lint: { summary: summarizeSurfaceLint(findings), findings },
  };
}
