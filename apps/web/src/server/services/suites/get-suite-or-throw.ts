import { ApiError } from '../../api/api-error';
import { assertProjectAllowed } from '../../api/authenticate';
import type { Actor, ServiceDeps } from '../service-deps';

/** The tenant's suite (404 for another tenant's, or outside a restricted token's project). */
export async function getSuiteOrThrow(deps: ServiceDeps, actor: Actor, suiteId: string) {
  const suite = await deps.db.tenant(actor.tenantId).suite.findFirst({ where: { id: suiteId } });
  if (!suite) throw new ApiError('not_found', 'suite not found');
  assertProjectAllowed(actor, suite.projectId);
  return suite;
}
