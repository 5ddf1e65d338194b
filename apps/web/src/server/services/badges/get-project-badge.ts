import { projectBadgeStatus } from '@mcptest/core';
import type { BadgeRequest } from './badge-request';
import { findLatestFinishedRun } from './find-latest-finished-run';
import { serveCachedBadge, type BadgeDeps, type BadgeResult } from './serve-cached-badge';

/**
 * A project's public aggregate badge (`/api/badges/p/<key>.svg|.json`) over its enabled suites: passing when every
 * suite's latest finished run passed, failing n/m counting suites, error, or no runs (rules in `projectBadgeStatus`);
 * 404 for an unknown key (including a project whose badge key was never created).
 */
export function getProjectBadge(deps: BadgeDeps, request: BadgeRequest): Promise<BadgeResult> {
  return serveCachedBadge(
    deps,
    {
      kind: 'project',
      find: (badgeKey) =>
        // eslint-disable-next-line no-restricted-properties -- a public badge URL names no tenant: the unguessable key is the only credential. Selects ids only; the suites and runs are then read through the project's tenant scope.
        deps.db.unscoped.project.findUnique({ where: { badgeKey }, select: { id: true, tenantId: true } }),
      status: async (project) => {
        const db = deps.db.tenant(project.tenantId);
        const suites = await db.suite.findMany({
          where: { projectId: project.id, enabled: true },
          select: { id: true },
          orderBy: { createdAt: 'asc' },
        });
        return projectBadgeStatus(await Promise.all(suites.map((s) => findLatestFinishedRun(db, s.id))));
      },
    },
    request,
  );
}
