import { invalidateBadges } from '@mcptest/redis';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { getSuiteOrThrow } from './get-suite-or-throw';
import { recordAudit } from '@/server/services/record-audit';

/** Deletes a suite with its versions and runs, and its schedule (the row's nextFireAt goes with it). */
export async function deleteSuite(deps: ServiceDeps, actor: Actor, suiteId: string): Promise<void> {
  const suite = await getSuiteOrThrow(deps, actor, suiteId);
  const db = deps.db.tenant(actor.tenantId);
  await db.suite.deleteMany({ where: { id: suiteId } });
  await invalidateBadges(deps.redis, deps.prefix, { suiteId, projectId: suite.projectId });
  await recordAudit(db, actor, { action: 'suite.delete', targetType: 'suite', targetId: suiteId });
}
