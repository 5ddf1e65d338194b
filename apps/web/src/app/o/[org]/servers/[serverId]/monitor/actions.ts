'use server';
import { z } from 'zod';
import type { ActionState } from '@/lib/action-state';
import { PutMonitorRequest } from '@/server/services/monitors/monitor-schemas';
import { updateServerMonitor } from '@/server/services/monitors/update-server-monitor';
import { orgAction } from '@/server/ui/org-action';

const MonitorFields = z.object({
  serverId: z.string().min(1),
  /** A checkbox: present ("on") when ticked. */
  enabled: z.literal('on').optional(),
  intervalMinutes: z.string().regex(/^\d{1,4}$/, 'a whole number of minutes'),
});

const update = orgAction('updateServerMonitor', MonitorFields, async ({ deps, actor }, input) => {
  const monitor = await updateServerMonitor(
    deps,
    actor,
    input.serverId,
    PutMonitorRequest.parse({ enabled: input.enabled === 'on', intervalMinutes: Number(input.intervalMinutes) }),
  );
  return { enabled: monitor.enabled, intervalMinutes: monitor.intervalMinutes };
});

/**
 * The Monitor tab's form (MEMBER or higher, as the API's PUT): turns the server's uptime monitor on or off and sets its
 * interval; the plan's minimum interval and monitor count are enforced by the service.
 */
export async function updateMonitorAction(
  previous: ActionState<{ enabled: boolean; intervalMinutes: number }>,
  form: FormData,
): Promise<ActionState<{ enabled: boolean; intervalMinutes: number }>> {
  const result = await update(previous, form);
  if (!result?.ok || !result.data) return result;
  return {
    ...result,
    message: result.data.enabled
      ? `Monitoring every ${result.data.intervalMinutes} minutes: the first check runs within seconds.`
      : 'Monitor paused: no checks until it is enabled again.',
  };
}
