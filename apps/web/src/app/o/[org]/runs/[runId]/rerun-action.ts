'use server';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import type { ActionState } from '@/lib/action-state';
import { rerunRun } from '@/server/services/runs/rerun-run';
import { orgAction } from '@/server/ui/org-action';

const rerun = orgAction(
  'triggerRun',
  z.object({ runId: z.string().min(1) }),
  async ({ deps, actor }, input) => {
    const outcome = await rerunRun(deps, actor, input.runId);
    return { id: outcome.finished ? outcome.run.id : outcome.id };
  },
  // A run reaches out to the server: limited like "Run now" and the API's trigger.
  { rateLimit: 'trigger' },
);

/** "Re-run" on a finished run (MEMBER or higher): queues a new manual run of its suite and opens it. */
export async function rerunAction(
  previous: ActionState<{ id: string }>,
  form: FormData,
): Promise<ActionState<{ id: string }>> {
  const result = await rerun(previous, form);
  if (result?.ok && result.data) redirect(`/o/${String(form.get('org'))}/runs/${result.data.id}`);
  return result;
}
