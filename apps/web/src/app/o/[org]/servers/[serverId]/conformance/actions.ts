'use server';
import { ConformanceRevision } from '@mcptest/core';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import type { ActionState } from '@/lib/action-state';
import { runConformance } from '@/server/services/conformance/run-conformance';
import { orgAction } from '@/server/ui/org-action';

const RunConformanceFields = z.object({ serverId: z.string().min(1), revision: ConformanceRevision });

const run = orgAction(
  'runConformance',
  RunConformanceFields,
  async ({ deps, actor }, input) => {
    const outcome = await runConformance(
      deps,
      actor,
      input.serverId,
      { revision: input.revision },
      { trigger: 'MANUAL' },
    );
    return { id: outcome.finished ? outcome.run.id : outcome.id };
  },
  // A run reaches out to the server: limited like the API's trigger, as Run now is.
  { rateLimit: 'trigger' },
);

/**
 * "Run conformance" on the Conformance tab (MEMBER or higher, who may also create the conformance suite): queues a
 * run of the server's conformance suite for the revision and opens the run to watch it live.
 */
export async function runConformanceAction(
  previous: ActionState<{ id: string }>,
  form: FormData,
): Promise<ActionState<{ id: string }>> {
  const result = await run(previous, form);
  if (result?.ok && result.data) redirect(`/o/${String(form.get('org'))}/runs/${result.data.id}`);
  return result;
}
