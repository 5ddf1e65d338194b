import type { ConformanceRevision } from '@mcptest/core';
import { ApiError } from '@/server/api/api-error';
import { includesPermission, OPERATIONS } from '@/server/services/permissions';
import { triggerRun, type TriggerRunOptions, type TriggerRunOutcome } from '@/server/services/runs/trigger-run';
import { getServerOrThrow } from '@/server/services/servers/get-server-or-throw';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { createSuite } from '@/server/services/suites/create-suite';
import type { RunConformanceRequest } from './conformance-schemas';

/** The name of a server's conformance suite for one revision: how "Run conformance" finds it again. */
export function conformanceSuiteName(revision: ConformanceRevision): string {
  return `Conformance ${revision}`;
}

/** The YAML of a new conformance suite: the block alone, so every run is the catalog's checks of that revision. */
export function conformanceSuiteYaml(revision: ConformanceRevision): string {
  return [
    `# Made by "Run conformance": mcptest's conformance checks of MCP ${revision} (docs/protocol.md#conformance).`,
    '# Name fixture tools and expected_failures here; keep the suite name to keep the Conformance tab on it.',
    `name: ${conformanceSuiteName(revision)}`,
    'conformance:',
    `  revision: '${revision}'`,
    '',
  ].join('\n');
}

export type RunConformanceOutcome = TriggerRunOutcome & { suiteId: string; suiteCreated: boolean };

/**
 * "Run conformance" for a server: finds its conformance suite for the revision (a normal suite named
 * `Conformance <revision>` on this server) or creates it through createSuite, then starts a run of it through
 * triggerRun, so budget, plan limits, idempotency and the disabled switch apply as to any run. Running needs the `run`
 * permission; creating the suite the first time also needs `write` (what createSuite needs through its own endpoint),
 * so a run-only token cannot add suites.
 */
export async function runConformance(
  deps: ServiceDeps,
  actor: Actor,
  serverId: string,
  input: RunConformanceRequest,
  options: TriggerRunOptions,
): Promise<RunConformanceOutcome> {
  const server = await getServerOrThrow(deps, actor, serverId);
  const name = conformanceSuiteName(input.revision);
  const found = await deps.db.tenant(actor.tenantId).suite.findFirst({
    where: { serverId: server.id, name },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true },
  });
  let suiteId = found?.id;
  const suiteCreated = suiteId === undefined;
  if (suiteId === undefined) {
    if (!includesPermission(actor.permission, OPERATIONS.createSuite)) {
      throw new ApiError(
        'forbidden',
        `this server has no "${name}" suite yet, and creating it needs the write scope (or a member's role)`,
      );
    }
    const suite = await createSuite(deps, actor, server.projectId, {
      name,
      serverId: server.id,
      yaml: conformanceSuiteYaml(input.revision),
    });
    suiteId = suite.id;
  }
  const outcome = await triggerRun(deps, actor, suiteId, input.wait === undefined ? {} : { wait: input.wait }, options);
  return { ...outcome, suiteId, suiteCreated };
}
