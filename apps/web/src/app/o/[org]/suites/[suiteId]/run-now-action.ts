'use server';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import type { ActionState } from '@/lib/action-state';
import { triggerRun } from '@/server/services/runs/trigger-run';
import { orgAction } from '@/server/ui/org-action';

/** An empty text field is "not given". */
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

const RunNowForm = z.object({
  suiteId: z.string().min(1),
  branch: optional(255),
  commitSha: optional(100),
});

const runNow = orgAction(
  'triggerRun',
  RunNowForm,
  async ({ deps, actor }, input) => {
    const outcome = await triggerRun(
      deps,
      actor,
      input.suiteId,
      { ...(input.branch ? { branch: input.branch } : {}), ...(input.commitSha ? { commitSha: input.commitSha } : {}) },
      { trigger: 'MANUAL' },
    );
    return { id: outcome.finished ? outcome.run.id : outcome.id };
  },
  // A run reaches out to the server: limited like the API's trigger (requests and triggers per tenant).
  { rateLimit: 'trigger' },
);

/** "Run now" on the suite overview (MEMBER or higher): queues a manual run and opens its page to watch it live. */
export async function runSuiteNowAction(
  previous: ActionState<{ id: string }>,
  form: FormData,
): Promise<ActionState<{ id: string }>> {
  const result = await runNow(previous, form);
  if (result?.ok && result.data) redirect(`/o/${String(form.get('org'))}/runs/${result.data.id}`);
  return result;
}
