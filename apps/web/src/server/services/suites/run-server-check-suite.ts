import { ApiError } from '@/server/api/api-error';
import { includesPermission, OPERATIONS } from '@/server/services/permissions';
import { triggerRun, type TriggerRunOptions, type TriggerRunOutcome } from '@/server/services/runs/trigger-run';
import { getServerOrThrow } from '@/server/services/servers/get-server-or-throw';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { createSuite } from '@/server/services/suites/create-suite';

/**
 * The suite of a server's check ("Conformance 2026-07-28", "Auth posture"): a normal suite of the server with that
 * name, the oldest when there are several, so a tab and its run button agree on which one they mean.
 */
export async function findServerCheckSuite(
  deps: ServiceDeps,
  actor: Actor,
  serverId: string,
  name: string,
): Promise<{ id: string } | null> {
  return deps.db.tenant(actor.tenantId).suite.findFirst({
    where: { serverId, name },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true },
  });
}

export type RunServerCheckSuiteOutcome = TriggerRunOutcome & { suiteId: string; suiteCreated: boolean };

/**
 * A server tab's "Run" button (conformance, auth posture): finds the server's suite of that name or creates it
 * through createSuite with the given YAML, then starts a run of it through triggerRun, so budget, plan limits,
 * idempotency and the disabled switch apply as to any run. Running needs the `run` permission; creating the suite the
 * first time also needs `write` (what createSuite needs through its own endpoint), so a run-only token cannot add
 * suites.
 */
export async function runServerCheckSuite(
  deps: ServiceDeps,
  actor: Actor,
  serverId: string,
  suite: { name: string; yaml: string },
  wait: number | undefined,
  options: TriggerRunOptions,
): Promise<RunServerCheckSuiteOutcome> {
  const server = await getServerOrThrow(deps, actor, serverId);
  const found = await findServerCheckSuite(deps, actor, server.id, suite.name);
  let suiteId = found?.id;
  const suiteCreated = suiteId === undefined;
  if (suiteId === undefined) {
    if (!includesPermission(actor.permission, OPERATIONS.createSuite)) {
      throw new ApiError(
        'forbidden',
        `this server has no "${suite.name}" suite yet, and creating it needs the write scope (or a member's role)`,
      );
    }
    const created = await createSuite(deps, actor, server.projectId, {
      name: suite.name,
      serverId: server.id,
      yaml: suite.yaml,
    });
    suiteId = created.id;
  }
  const outcome = await triggerRun(deps, actor, suiteId, wait === undefined ? {} : { wait }, options);
  return { ...outcome, suiteId, suiteCreated };
}
