import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { getProjectOrThrow } from './get-project-or-throw';

/** What deleting a project takes with it (deleteProject removes all of these). */
export interface ProjectContents {
  servers: number;
  suites: number;
  runs: number;
  webhooks: number;
}

/**
 * Counts a project's servers, suites, runs and webhooks, so the delete confirmation can say what goes with the
 * project instead of a vague "this cannot be undone". Counts on indexed (tenant, project) paths.
 */
export async function countProjectContents(
  deps: ServiceDeps,
  actor: Actor,
  projectId: string,
): Promise<ProjectContents> {
  await getProjectOrThrow(deps, actor, projectId);
  const db = deps.db.tenant(actor.tenantId);
  const where = { projectId };
  const [servers, suites, runs, webhooks] = await Promise.all([
    db.server.count({ where }),
    db.suite.count({ where }),
    db.run.count({ where }),
    db.webhook.count({ where }),
  ]);
  return { servers, suites, runs, webhooks };
}
