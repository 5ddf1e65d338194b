import { conformanceBadgeStatus } from '@mcptest/core';
import type { BadgeRequest } from './badge-request';
import { serveCachedBadge, type BadgeDeps, type BadgeResult } from './serve-cached-badge';

/**
 * A server's public conformance badge (`/api/badges/c/<key>.svg|.json`): "MCP 2026-07-28 · 37/37" from the latest
 * ConformanceReport of the suite with this badge key (green when ok, red otherwise), `no runs` before its first report,
 * 404 for an unknown key. The key is the conformance suite's own badge key: one badge per server and revision, and a
 * finished run of the suite invalidates it with the suite's badge (invalidateBadges).
 */
export function getConformanceBadge(deps: BadgeDeps, request: BadgeRequest): Promise<BadgeResult> {
  return serveCachedBadge(
    deps,
    {
      kind: 'conformance',
      find: (badgeKey) =>
        // eslint-disable-next-line no-restricted-properties -- a public badge URL names no tenant: the unguessable key is the only credential. Selects ids only; the report is then read through the suite's tenant scope.
        deps.db.unscoped.suite.findUnique({ where: { badgeKey }, select: { id: true, tenantId: true } }),
      status: async (suite) => {
        const report = await deps.db.tenant(suite.tenantId).conformanceReport.findFirst({
          where: { suiteId: suite.id },
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          select: { revision: true, total: true, passed: true, skipped: true, ok: true },
        });
        return report ? conformanceBadgeStatus(report) : { state: 'no runs' };
      },
    },
    request,
  );
}
