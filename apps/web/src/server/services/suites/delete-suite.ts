import { invalidateBadges, syncSuiteSchedule } from '@mcptest/redis';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { getSuiteOrThrow } from './get-suite-or-throw';
import { recordAudit } from '@/server/services/record-audit';

/** Deletes a suite with its versions and runs, and its schedule. */
export async function deleteSuite(deps: ServiceDeps, actor: Actor, suiteId: string): Promise<void> {
  const suite = await getSuiteOrThrow(deps, actor, suiteId);
  await syncSuiteSchedule(deps.queues, {
    id: suiteId,
    tenantId: actor.tenantId,
    schedule: null,
    timezone: 'UTC',
    enabled: false,
  });
  const db = deps.db.tenant(actor.tenantId);
  await db.suite.deleteMany({ where: { id: suiteId } });
  await invalidateBadges(deps.redis, deps.prefix, { suiteId, projectId: suite.projectId });
  await recordAudit(db, actor, { action: 'suite.delete', targetType: 'suite', targetId: suiteId });
}
