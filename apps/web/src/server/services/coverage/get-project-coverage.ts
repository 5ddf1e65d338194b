import { loadTenantPolicy } from '@/server/services/policy/load-tenant-policy';
import { getProjectOrThrow } from '@/server/services/projects/get-project-or-throw';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import type { ProjectCoverage } from './coverage-schemas';
import { serverCoverageOf } from './get-server-coverage';

/**
 * A project's coverage: each of its servers (by name) against the project's suites of that server, from the stored
 * discoveries (no request to any server). 404 as the project itself.
 */
export async function getProjectCoverage(deps: ServiceDeps, actor: Actor, projectId: string): Promise<ProjectCoverage> {
  await getProjectOrThrow(deps, actor, projectId);
  const db = deps.db.tenant(actor.tenantId);
  const [servers, suites, { policy }] = await Promise.all([
    db.server.findMany({
      where: { projectId },
      select: { id: true, name: true, projectId: true, discoveredAt: true, discovery: true },
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
    }),
    db.suite.findMany({
      where: { projectId },
      select: { id: true, name: true, yaml: true, serverId: true },
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
    }),
    loadTenantPolicy(deps, actor.tenantId),
  ]);
  return {
    projectId,
    servers: servers.map((server) =>
      serverCoverageOf(
        server,
        suites.filter((suite) => suite.serverId === server.id),
        policy,
      ),
    ),
  };
}
