import { ApiError } from '@/server/api/api-error';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { getSuiteOrThrow } from './get-suite-or-throw';

const toVersion = (v: { version: number; yaml: string; createdAt: Date; createdById: string | null }) => ({
  version: v.version,
  yaml: v.yaml,
  createdAt: v.createdAt.toISOString(),
  createdById: v.createdById,
});

/** Every saved version, newest first (the history a diff view compares). */
export async function listSuiteVersions(deps: ServiceDeps, actor: Actor, suiteId: string) {
  await getSuiteOrThrow(deps, actor, suiteId);
  const rows = await deps.db.tenant(actor.tenantId).suiteVersion.findMany({
    where: { suiteId },
    orderBy: { version: 'desc' },
    take: 200,
  });
  return { items: rows.map(toVersion) };
}

export async function getSuiteVersion(deps: ServiceDeps, actor: Actor, suiteId: string, version: number) {
  await getSuiteOrThrow(deps, actor, suiteId);
  const row = await deps.db.tenant(actor.tenantId).suiteVersion.findFirst({ where: { suiteId, version } });
  if (!row) throw new ApiError('not_found', `version ${version} of this suite not found`);
  return toVersion(row);
}
