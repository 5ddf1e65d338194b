import { RUN_STATUS_TO_WIRE } from '@mcptest/core';
import { afterCursor, decodeCursor, PAGE_ORDER, toPage, type Page, type PageQuery } from '@/server/services/pagination';
import type { RunListItem } from '@/server/services/runs/run-schemas';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { getProjectOrThrow } from './get-project-or-throw';

/** One line of the project page's suite list: the suite, the name of its server, and its latest run. */
export interface ProjectSuiteSummary {
  id: string;
  name: string;
  serverId: string;
  /** The suite's server's name (suites always have one: servers in use cannot be deleted). */
  serverName: string;
  schedule: string | null;
  timezone: string;
  enabled: boolean;
  /** The most recently queued run, whatever its status (a running one shows as running); null before the first. */
  latestRun: { id: string; status: RunListItem['status']; total: number; failed: number; createdAt: string } | null;
  createdAt: string;
}

/**
 * The suites of a project, newest first, for the project page: without the YAML (suite resources carry it, and a page
 * of them can be megabytes), with their server's name and latest run. One query for the page, one for the server
 * names, and one indexed lookup (tenant, suite, createdAt) per suite for the latest run.
 */
export async function listProjectSuites(
  deps: ServiceDeps,
  actor: Actor,
  projectId: string,
  query: PageQuery,
): Promise<Page<ProjectSuiteSummary>> {
  await getProjectOrThrow(deps, actor, projectId);
  const db = deps.db.tenant(actor.tenantId);
  const rows = await db.suite.findMany({
    where: { projectId, ...afterCursor(decodeCursor(query.cursor)) },
    orderBy: PAGE_ORDER,
    take: query.limit + 1,
    select: {
      id: true,
      name: true,
      serverId: true,
      schedule: true,
      timezone: true,
      enabled: true,
      createdAt: true,
    },
  });
  const shown = rows.slice(0, query.limit);
  const servers = await db.server.findMany({
    where: { id: { in: [...new Set(shown.map((row) => row.serverId))] } },
    select: { id: true, name: true },
  });
  const serverNames = new Map(servers.map((server) => [server.id, server.name]));
  const latest = new Map(
    await Promise.all(
      shown.map(async (row) => {
        const run = await db.run.findFirst({
          where: { suiteId: row.id },
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          select: { id: true, status: true, total: true, failed: true, createdAt: true },
        });
        return [row.id, run] as const;
      }),
    ),
  );
  return toPage(rows, query.limit, (row) => {
    const run = latest.get(row.id);
    return {
      id: row.id,
      name: row.name,
      serverId: row.serverId,
      serverName: serverNames.get(row.serverId) ?? '(unknown server)',
      schedule: row.schedule,
      timezone: row.timezone,
      enabled: row.enabled,
      latestRun: run
        ? {
            id: run.id,
            status: RUN_STATUS_TO_WIRE[run.status],
            total: run.total,
            failed: run.failed,
            createdAt: run.createdAt.toISOString(),
          }
        : null,
      createdAt: row.createdAt.toISOString(),
    };
  });
}
