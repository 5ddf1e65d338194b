import { ApiError } from '@/server/api/api-error';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { SUITE_RESOURCE_INCLUDE } from './suite-resource';

/** The tenant's suite (404 for another tenant's, or outside a restricted token's project). */
export async function getSuiteOrThrow(deps: ServiceDeps, actor: Actor, suiteId: string) {
  // The project filter is part of the lookup: another project's suite must answer exactly like no suite at all (a
  // "project not found" here would tell a restricted token that the id exists).
  const suite = await deps.db.tenant(actor.tenantId).suite.findFirst({
    where: { id: suiteId, ...(actor.projectId ? { projectId: actor.projectId } : {}) },
    include: SUITE_RESOURCE_INCLUDE,
  });
  if (!suite) throw new ApiError('not_found', 'suite not found');
  return suite;
}
