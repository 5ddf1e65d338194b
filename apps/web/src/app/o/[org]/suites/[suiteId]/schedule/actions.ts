'use server';
import { z } from 'zod';
import type { ActionState } from '@/lib/action-state';
import { UpdateSuiteRequest } from '@/server/services/suites/suite-schemas';
import { updateSuite } from '@/server/services/suites/update-suite';
import { orgAction } from '@/server/ui/org-action';

/**
 * `intent=remove` drops the schedule; otherwise cron, zone and the "run on this schedule" box (absent when unchecked)
 * are saved. The box pauses the schedule only (`scheduleEnabled`), never the suite: it still runs on demand and from CI.
 */
const ScheduleForm = z.object({
  suiteId: z.string().min(1),
  intent: z.enum(['save', 'remove']).default('save'),
  schedule: z.string().default(''),
  timezone: z.string().default('UTC'),
  scheduleEnabled: z.literal('on').optional(),
});

const save = orgAction('updateSuite', ScheduleForm, async ({ deps, actor }, form) => {
  const request =
    form.intent === 'remove'
      ? UpdateSuiteRequest.parse({ schedule: null })
      : UpdateSuiteRequest.parse({
          // An empty cron is "no schedule", the same as Remove.
          schedule: form.schedule.trim() === '' ? null : form.schedule.trim(),
          timezone: form.timezone.trim(),
          scheduleEnabled: form.scheduleEnabled === 'on',
        });
  const suite = await updateSuite(deps, actor, form.suiteId, request);
  return { schedule: suite.schedule, scheduleEnabled: suite.scheduleEnabled, timezone: suite.timezone };
});

/** Saves or removes the suite's schedule; updateSuite keeps the job scheduler in step (MEMBER or higher). */
export async function saveScheduleAction(
  previous: ActionState<unknown>,
  form: FormData,
): Promise<ActionState<{ schedule: string | null; scheduleEnabled: boolean; timezone: string }>> {
  const result = await save(previous as Parameters<typeof save>[0], form);
  if (!result?.ok || !result.data) return result;
  const { schedule, scheduleEnabled, timezone } = result.data;
  return {
    ...result,
    message: !schedule
      ? 'Schedule removed: the suite runs only when triggered.'
      : scheduleEnabled
        ? `Schedule saved: ${schedule} (${timezone}).`
        : 'Schedule saved and paused: no scheduled runs until you tick “Run on this schedule”; the suite still runs when triggered.',
  };
}
