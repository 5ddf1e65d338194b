import { suiteBadgeStatus } from '@mcptest/core';
import type { BadgeRequest } from './badge-request';
import { findLatestFinishedRun } from './find-latest-finished-run';
import { serveCachedBadge, type BadgeDeps, type BadgeResult } from './serve-cached-badge';

/**
 * A suite's public badge (`/api/badges/s/<key>.svg|.json`): passing, failing n/m (failed of all assertions of the
 * latest finished run), error, or no runs; 404 for an unknown key. Only the suite's badge key is accepted, never its id.
 */
export function getSuiteBadge(deps: BadgeDeps, request: BadgeRequest): Promise<BadgeResult> {
  return serveCachedBadge(
    deps,
    {
      kind: 'suite',
      find: (badgeKey) =>
        // eslint-disable-next-line no-restricted-properties -- a public badge URL names no tenant: the unguessable key is the only credential. Selects ids only; the state is then read through the suite's tenant scope.
        deps.db.unscoped.suite.findUnique({ where: { badgeKey }, select: { id: true, tenantId: true } }),
      status: async (suite) => suiteBadgeStatus(await findLatestFinishedRun(deps.db.tenant(suite.tenantId), suite.id)),
    },
    request,
  );
}
