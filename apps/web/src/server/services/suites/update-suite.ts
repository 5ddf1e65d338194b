import { suiteNextFireAt } from '@mcptest/core';
import { invalidateBadges } from '@mcptest/redis';
import { ApiError } from '@/server/api/api-error';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { getSuiteOrThrow } from './get-suite-or-throw';
import type { SuiteResource, UpdateSuiteRequest } from './suite-schemas';
import { SUITE_RESOURCE_INCLUDE, toSuiteResource } from './suite-resource';
import { tenantLimits } from './tenant-limits';
import { validateSchedule, validateSuiteYaml } from './validate-suite-input';
import { recordAudit } from '@/server/services/record-audit';

/**
 * Changes a suite. New YAML makes a new version (kept in the history; runs already queued keep the version they were
 * queued with). A change of the schedule, timezone or the enabled and scheduleEnabled flags re-arms the schedule: its
 * nextFireAt (what the worker's schedule ticker fires) is the first slot after now, or null when it is off.
 */
export async function updateSuite(
  deps: ServiceDeps,
  actor: Actor,
  suiteId: string,
  input: UpdateSuiteRequest,
): Promise<SuiteResource> {
  const current = await getSuiteOrThrow(deps, actor, suiteId);
  if (input.baseVersion !== undefined && input.baseVersion !== current.version) throw staleEdit(current.version, input);
  const db = deps.db.tenant(actor.tenantId);
  if (input.serverId && input.serverId !== current.serverId) {
    const server = await db.server.findFirst({
      where: { id: input.serverId, projectId: current.projectId },
      select: { id: true },
    });
    if (!server) {
      throw new ApiError('validation_failed', 'serverId does not name a server of this project', [
        { path: 'serverId', message: 'no such server in this project' },
      ]);
    }
  }
  const yamlChanged = input.yaml !== undefined && input.yaml !== current.yaml;
  if (yamlChanged) validateSuiteYaml(input.yaml ?? '');
  const schedule = input.schedule === undefined ? current.schedule : input.schedule;
  const timezone = input.timezone ?? current.timezone;
  if (input.schedule !== undefined || input.timezone !== undefined) {
    validateSchedule(schedule, timezone, await tenantLimits(deps, actor.tenantId), deps.now());
  }
  const rearm =
    input.schedule !== undefined ||
    input.timezone !== undefined ||
    input.enabled !== undefined ||
    input.scheduleEnabled !== undefined;
  const suite = await db.transaction(async (tx) => {
    const version = yamlChanged ? current.version + 1 : current.version;
    // Only if nobody saved since `current` was read: a concurrent save would otherwise be overwritten, and with new
    // YAML both would claim the same version number.
    const guarded = await tx.suite.updateMany({
      where: { id: suiteId, version: current.version },
      data: {
        ...(input.name ? { name: input.name } : {}),
        ...(input.serverId ? { serverId: input.serverId } : {}),
        ...(yamlChanged ? { yaml: input.yaml ?? '', version } : {}),
        schedule,
        timezone,
        ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
        ...(input.scheduleEnabled === undefined ? {} : { scheduleEnabled: input.scheduleEnabled }),
        // A claim in flight (fireLeaseUntil) is cut off: its settlement only moves a row still holding the lease.
        ...(rearm
          ? {
              nextFireAt: suiteNextFireAt(
                {
                  id: suiteId,
                  schedule,
                  timezone,
                  enabled: input.enabled ?? current.enabled,
                  scheduleEnabled: input.scheduleEnabled ?? current.scheduleEnabled,
                },
                deps.now().getTime(),
              ),
              fireLeaseUntil: null,
            }
          : {}),
      },
    });
    if (guarded.count === 0) {
      const now = await tx.suite.findFirst({ where: { id: suiteId }, select: { version: true } });
      throw staleEdit(now?.version ?? current.version, input);
    }
    const updated = await tx.suite.findFirstOrThrow({ where: { id: suiteId }, include: SUITE_RESOURCE_INCLUDE });
    if (yamlChanged) {
      await tx.suiteVersion.create({
        data: { tenantId: actor.tenantId, suiteId, version, yaml: input.yaml ?? '', createdById: actor.userId ?? null },
      });
    }
    await recordAudit(tx, actor, {
      action: 'suite.update',
      targetType: 'suite',
      targetId: suiteId,
      metadata: { fields: Object.keys(input).filter((key) => key !== 'baseVersion'), version },
    });
    return updated;
  });
  // Enabling or disabling a suite changes its project's aggregate badge.
  if (input.enabled !== undefined)
    await invalidateBadges(deps.redis, deps.prefix, { suiteId, projectId: suite.projectId });
  return toSuiteResource(suite, deps.appUrl, deps.now());
}

/** The 409 of an edit made on an older version than the suite's: nothing was written, and the caller keeps its text. */
function staleEdit(version: number, input: UpdateSuiteRequest): ApiError {
  const base = input.baseVersion === undefined ? 'while this edit was saved' : `after version ${input.baseVersion}`;
  return new ApiError(
    'conflict',
    `the suite was saved by someone else ${base}; it is now at version ${version}. Nothing was saved: keep a copy of ` +
      'your changes, reload, and apply them to the current version',
    [{ path: 'baseVersion', message: `the suite is at version ${version}` }],
  );
}
