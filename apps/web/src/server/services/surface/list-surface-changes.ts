import { describeSurfaceDiff, SurfaceDiff } from '@mcptest/core';
import { decodeCursor, toPage, type Page, type PageQuery } from '@/server/services/pagination';
import { runUrl } from '@/server/services/runs/to-run-resource';
import { getServerOrThrow } from '@/server/services/servers/get-server-or-throw';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import type { SurfaceChangeResource } from './surface-schemas';

/** A diff stored by an older format that no longer parses: shown as a change with nothing listed. */
const UNREADABLE_DIFF: SurfaceDiff = {
  changed: true,
  tools: { added: [], removed: [], changed: [] },
  resources: { added: [], removed: [], changed: [] },
  resourceTemplates: { added: [], removed: [], changed: [] },
  prompts: { added: [], removed: [], changed: [] },
  instructions: null,
  serverInfo: [],
  protocolVersion: null,
  toolsTruncated: null,
  loud: false,
  alerts: [],
};

/**
 * A server's drift history (docs/health.md): each recorded change of its surface, newest first (detectedAt desc, id
 * desc), `limit` per page with the opaque cursor of every list. Each carries its source (a run, linked, or a
 * discovery), the loud flag, a one-line summary and the full diff. 404 as the server itself for another tenant.
 */
export async function listSurfaceChanges(
  deps: Pick<ServiceDeps, 'db' | 'appUrl'>,
  actor: Actor,
  serverId: string,
  query: PageQuery,
): Promise<Page<SurfaceChangeResource>> {
  await getServerOrThrow(deps, actor, serverId);
  const cursor = decodeCursor(query.cursor);
  const rows = await deps.db.tenant(actor.tenantId).surfaceChange.findMany({
    where: {
      serverId,
      ...(cursor
        ? {
            OR: [{ detectedAt: { lt: cursor.createdAt } }, { detectedAt: cursor.createdAt, id: { lt: cursor.id } }],
          }
        : {}),
    },
    orderBy: [{ detectedAt: 'desc' }, { id: 'desc' }],
    take: query.limit + 1,
  });
  return toPage(
    rows.map((row) => ({ ...row, createdAt: row.detectedAt })),
    query.limit,
    (row): SurfaceChangeResource => {
      const parsed = SurfaceDiff.safeParse(row.diff);
      const diff = parsed.success ? parsed.data : UNREADABLE_DIFF;
      return {
        id: row.id,
        serverId: row.serverId,
        detectedAt: row.detectedAt.toISOString(),
        source: row.source === 'run' ? 'run' : 'discovery',
        runId: row.runId,
        runUrl: row.runId === null ? null : runUrl(deps.appUrl, row.runId),
        fromHash: row.fromHash,
        toHash: row.toHash,
        loud: row.loud,
        summary: parsed.success ? describeSurfaceDiff(diff) : 'a change recorded in a format this version cannot read',
        diff,
      };
    },
  );
}
