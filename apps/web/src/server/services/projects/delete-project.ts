import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { getProjectOrThrow } from './get-project-or-throw';
import { recordAudit } from '@/server/services/record-audit';

/** Deletes a project with its servers, suites, runs and webhooks (its suites' schedules go with their rows). */
export async function deleteProject(deps: ServiceDeps, actor: Actor, projectId: string): Promise<void> {
  await getProjectOrThrow(deps, actor, projectId);
  const db = deps.db.tenant(actor.tenantId);
  // Suites reference servers with onDelete: Restrict, so they go first.
  await db.suite.deleteMany({ where: { projectId } });
  await db.project.deleteMany({ where: { id: projectId } });
  await recordAudit(db, actor, { action: 'project.delete', targetType: 'project', targetId: projectId });
}
