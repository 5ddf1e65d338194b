'use server';
import { z } from 'zod';
import type { ActionState } from '@/lib/action-state';
import { UpdateSuiteRequest } from '@/server/services/suites/suite-schemas';
import { updateSuite } from '@/server/services/suites/update-suite';
import { orgAction } from '@/server/ui/org-action';

const setEnabled = orgAction(
  'updateSuite',
  z.object({ suiteId: z.string().min(1), enabled: z.enum(['true', 'false']) }),
  async ({ deps, actor }, { suiteId, enabled }) => {
    const suite = await updateSuite(deps, actor, suiteId, UpdateSuiteRequest.parse({ enabled: enabled === 'true' }));
    return { enabled: suite.enabled };
  },
);

/**
 * Enables or disables the whole suite (MEMBER or higher, as the API's PATCH): a disabled suite runs neither on demand,
 * from CI nor on its schedule. The schedule's own box only pauses the schedule, so this is the suite's one switch.
 */
export async function setSuiteEnabledAction(
  previous: ActionState<{ enabled: boolean }>,
  form: FormData,
): Promise<ActionState<{ enabled: boolean }>> {
  const result = await setEnabled(previous, form);
  if (!result?.ok || !result.data) return result;
  return {
    ...result,
    message: result.data.enabled
      ? 'Enabled: the suite runs on demand, from CI and on its schedule again.'
      : 'Disabled: the suite does not run until it is enabled again.',
  };
}
