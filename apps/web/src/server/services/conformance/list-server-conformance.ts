import { CONFORMANCE_REVISIONS, conformanceBadgeStatus, conformanceHeadline } from '@mcptest/core';
import { conformanceBadgeUrls } from '@/server/services/badges/badge-urls';
import { runUrl } from '@/server/services/runs/to-run-resource';
import { getServerOrThrow } from '@/server/services/servers/get-server-or-throw';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import {
  StoredConformanceChecks,
  StoredNames,
  type ConformanceReportResource,
  type ServerConformance,
} from './conformance-schemas';

/**
 * A server's conformance: the latest ConformanceReport per revision, in CONFORMANCE_REVISIONS order (any suite of the
 * server with a `conformance:` block writes one per run; the newest wins), with its checks, evidence and the badge of the suite that produced it.
 * 404 as the server itself for another tenant or a token restricted to another project.
 */
export async function listServerConformance(
  deps: ServiceDeps,
  actor: Actor,
  serverId: string,
): Promise<ServerConformance> {
  await getServerOrThrow(deps, actor, serverId);
  const db = deps.db.tenant(actor.tenantId);
  // One indexed look-up per revision (tenantId, serverId, revision, createdAt): a server run on a schedule has many
  // reports, each with its checks, and only the newest of each revision is shown.
  const latest = await Promise.all(
    CONFORMANCE_REVISIONS.map((revision) =>
      db.conformanceReport.findFirst({
        where: { serverId, revision },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      }),
    ),
  );
  const rows = latest.filter((row) => row !== null);
  const suites = await db.suite.findMany({
    where: { id: { in: rows.map((row) => row.suiteId) } },
    select: { id: true, badgeKey: true },
  });
  const badgeKeys = new Map(suites.map((suite) => [suite.id, suite.badgeKey]));
  const items = rows.flatMap((row): ConformanceReportResource[] => {
    const badgeKey = badgeKeys.get(row.suiteId);
    // Reports go with their suite (suite -> runs -> report cascade), so this only skips a row deleted mid-read.
    if (badgeKey === undefined) return [];
    const status = conformanceBadgeStatus(row);
    return [
      {
        id: row.id,
        revision: row.revision,
        protocolVersion: row.protocolVersion,
        headline: conformanceHeadline(status),
        ok: row.ok,
        counts: {
          total: row.total,
          passed: row.passed,
          failed: row.failed,
          warnings: row.warnings,
          skipped: row.skipped,
          expectedFailures: row.expectedFailures,
        },
        runId: row.runId,
        runUrl: runUrl(deps.appUrl, row.runId),
        suiteId: row.suiteId,
        createdAt: row.createdAt.toISOString(),
        checks: StoredConformanceChecks.parse(row.checks),
        staleExpectedFailures: StoredNames.parse(row.staleExpectedFailures),
        toolCalls: StoredNames.parse(row.toolCalls),
        badge: conformanceBadgeUrls(deps.appUrl, badgeKey),
      },
    ];
  });
  return { serverId, revisions: [...CONFORMANCE_REVISIONS], items };
}
