import { randomBytes } from 'node:crypto';
import { suiteNextFireAt } from '@mcptest/core';
import { ApiError } from '@/server/api/api-error';
import { getProjectOrThrow } from '@/server/services/projects/get-project-or-throw';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import type { CreateSuiteRequest, SuiteResource } from './suite-schemas';
import { toSuiteResource } from './suite-resource';
import { tenantLimits } from './tenant-limits';
import { validateSchedule, validateSuiteYaml } from './validate-suite-input';
import { recordAudit } from '@/server/services/record-audit';

/**
 * Creates a suite at version 1 for a server of the same project. The YAML is validated by the same loader the worker
 * and the CLI use (400 with line and column), the schedule against the plan's minimum interval; a schedule is armed at
 * once (`Suite.nextFireAt`, which the worker's schedule ticker fires).
 */
export async function createSuite(
  deps: ServiceDeps,
  actor: Actor,
  projectId: string,
  input: CreateSuiteRequest,
): Promise<SuiteResource> {
  await getProjectOrThrow(deps, actor, projectId);
  const db = deps.db.tenant(actor.tenantId);
  const server = await db.server.findFirst({ where: { id: input.serverId, projectId }, select: { id: true } });
  if (!server) {
    throw new ApiError('validation_failed', 'serverId does not name a server of this project', [
      { path: 'serverId', message: 'no such server in this project' },
    ]);
  }
  validateSuiteYaml(input.yaml);
  const timezone = input.timezone ?? 'UTC';
  validateSchedule(input.schedule, timezone, await tenantLimits(deps, actor.tenantId), deps.now());
  const suite = await db.transaction(async (tx) => {
    const created = await tx.suite.create({
      data: {
        tenantId: actor.tenantId,
        projectId,
        serverId: input.serverId,
        name: input.name,
        yaml: input.yaml,
        schedule: input.schedule ?? null,
        timezone,
        enabled: input.enabled ?? true,
        scheduleEnabled: input.scheduleEnabled ?? true,
        badgeKey: randomBytes(24).toString('base64url'),
      },
    });
    await tx.suiteVersion.create({
      data: {
        tenantId: actor.tenantId,
        suiteId: created.id,
        version: 1,
        yaml: input.yaml,
        createdById: actor.userId ?? null,
      },
    });
    await recordAudit(tx, actor, { action: 'suite.create', targetType: 'suite', targetId: created.id });
    // Armed once the id is known: it decides the suite's second of the minute (core scheduleOffsetMs).
    const nextFireAt = suiteNextFireAt(created, deps.now().getTime());
    if (nextFireAt === null) return created;
    await tx.suite.updateMany({ where: { id: created.id }, data: { nextFireAt } });
    return { ...created, nextFireAt };
  });
  return toSuiteResource({ ...suite, triggerSecret: null }, deps.appUrl, deps.now());
}
