'use server';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import type { ActionState } from '@/lib/action-state';
import { runAuthPosture } from '@/server/services/auth-posture/run-auth-posture';
import { orgAction } from '@/server/ui/org-action';

const RunAuthPostureFields = z.object({ serverId: z.string().min(1) });

const run = orgAction(
  'runAuthPosture',
  RunAuthPostureFields,
  async ({ deps, actor }, input) => {
    const outcome = await runAuthPosture(
      deps,
      actor,
      input.serverId,
      { revision: '2026-07-28' },
      { trigger: 'MANUAL' },
    );
    return { id: outcome.finished ? outcome.run.id : outcome.id };
  },
  // A run reaches out to the server: limited like the API's trigger, as Run now is.
  { rateLimit: 'trigger' },
);

/**
 * "Run auth-posture check" on the Auth posture tab (MEMBER or higher, who may also create the `Auth posture` suite):
 * queues a run of it and opens the run to watch it live.
 */
export async function runAuthPostureAction(
  previous: ActionState<{ id: string }>,
  form: FormData,
): Promise<ActionState<{ id: string }>> {
  const result = await run(previous, form);
  if (result?.ok && result.data) redirect(`/o/${String(form.get('org'))}/runs/${result.data.id}`);
  return result;
}
