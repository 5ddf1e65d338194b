import { afterCursor, decodeCursor, PAGE_ORDER, toPage, type Page, type PageQuery } from '@/server/services/pagination';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { getSuiteOrThrow } from './get-suite-or-throw';

/** One saved version as a history list shows it: no YAML (a suite's history can be long; one diff loads two). */
export interface SuiteVersionSummary {
  version: number;
  createdAt: string;
  /** Who saved it: a signed-in person's email; null when an API token saved it (tokens have no person) or unknown. */
  author: { userId: string; email: string | null } | null;
}

/**
 * A suite's versions, newest first, a page at a time (the REST API's `listSuiteVersions` returns up to 200 with their
 * YAML; a history page needs neither). Authors are looked up once per page.
 */
export async function listSuiteVersionHistory(
  deps: ServiceDeps,
  actor: Actor,
  suiteId: string,
  query: PageQuery,
): Promise<Page<SuiteVersionSummary>> {
  await getSuiteOrThrow(deps, actor, suiteId);
  const rows = await deps.db.tenant(actor.tenantId).suiteVersion.findMany({
    where: { suiteId, ...afterCursor(decodeCursor(query.cursor)) },
    // Versions are made one after another, so the usual (createdAt, id) keyset order is version order.
    orderBy: PAGE_ORDER,
    take: query.limit + 1,
    select: { id: true, version: true, createdAt: true, createdById: true },
  });
  const authorIds = [...new Set(rows.map((row) => row.createdById).filter((id): id is string => id !== null))];
  const users = authorIds.length
    ? await deps.db.global.user.findMany({ where: { id: { in: authorIds } }, select: { id: true, email: true } })
    : [];
  const emails = new Map(users.map((user) => [user.id, user.email]));
  return toPage(rows, query.limit, (row) => ({
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    author: row.createdById ? { userId: row.createdById, email: emails.get(row.createdById) ?? null } : null,
  }));
}
