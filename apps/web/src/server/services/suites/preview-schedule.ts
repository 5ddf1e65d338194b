import { checkSchedule, formatInterval, type CheckScheduleErrorCode } from '@mcptest/core';
import { z } from 'zod';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { tenantLimits } from './tenant-limits';

/** A schedule as someone types it (not saved): cron pattern and IANA zone. */
export const PreviewScheduleRequest = z.object({
  cron: z.string().max(200),
  timezone: z.string().max(64),
});
export type PreviewScheduleRequest = z.infer<typeof PreviewScheduleRequest>;

export type SchedulePreview = {
  /** The plan's minimum between two runs, in seconds and in words ("1 hour"). */
  minIntervalSeconds: number;
  minInterval: string;
} & (
  | { ok: true; /** The next five firings, ISO 8601 in UTC. */ next: string[] }
  | { ok: false; code: CheckScheduleErrorCode; message: string }
);

/**
 * What saving this schedule would do, without saving: the next five firings in its zone, or the refusal a save would
 * get (invalid cron, unknown zone, or more frequent than the tenant's plan allows). The same `checkSchedule` with the
 * same plan minimum as `validateSchedule`, so the preview never promises what a save refuses.
 */
export async function previewSchedule(
  deps: ServiceDeps,
  actor: Actor,
  request: PreviewScheduleRequest,
): Promise<SchedulePreview> {
  const { cron, timezone } = PreviewScheduleRequest.parse(request);
  const limits = await tenantLimits(deps, actor.tenantId);
  const minIntervalSeconds = limits.minScheduleIntervalSeconds;
  const checked = checkSchedule({
    cron: cron.trim(),
    timezone: timezone.trim(),
    minIntervalSeconds,
    now: deps.now().getTime(),
    count: 5,
  });
  const plan = { minIntervalSeconds, minInterval: formatInterval(minIntervalSeconds) };
  return checked.ok
    ? { ...plan, ok: true, next: checked.next }
    : { ...plan, ok: false, code: checked.code, message: checked.message };
}
