'use server';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import type { ActionState } from '@/lib/action-state';
import { triggerRun } from '@/server/services/runs/trigger-run';
import { getSuiteOrThrow } from '@/server/services/suites/get-suite-or-throw';
import { UpdateSuiteRequest } from '@/server/services/suites/suite-schemas';
import { updateSuite } from '@/server/services/suites/update-suite';
import { orgAction } from '@/server/ui/org-action';

const EditSuiteForm = z.object({
  suiteId: z.string().min(1),
  /** The version the editor was opened on: a save made meanwhile by someone else is a conflict, not overwritten. */
  baseVersion: z.coerce.number().int().min(1),
  name: z.string(),
  serverId: z.string(),
  yaml: z.string(),
});

const save = orgAction('updateSuite', EditSuiteForm, async ({ deps, actor }, form) => {
  const before = await getSuiteOrThrow(deps, actor, form.suiteId);
  const request = UpdateSuiteRequest.parse({
    baseVersion: form.baseVersion,
    name: form.name,
    serverId: form.serverId,
    yaml: form.yaml,
  });
  const after = await updateSuite(deps, actor, form.suiteId, request);
  return { version: after.version, newVersion: after.version !== before.version };
});

/** The run half of "Save and run": its own permission (triggerRun) and the trigger rate limit, as "Run now". */
const runAfterSave = orgAction(
  'triggerRun',
  z.object({ suiteId: z.string().min(1) }),
  async ({ deps, actor }, input) => {
    const outcome = await triggerRun(deps, actor, input.suiteId, {}, { trigger: 'MANUAL' });
    return { id: outcome.finished ? outcome.run.id : outcome.id };
  },
  { rateLimit: 'trigger' },
);

/**
 * Saves the editor: new YAML becomes a new version; name and server change in place (MEMBER or higher). With the
 * "Save and run" button (`intent=run`), a successful save then queues a manual run of the saved version and opens it;
 * a refused save queues nothing, and a refused run (disabled suite, quota, rate limit) keeps the save and says why.
 */
export async function updateSuiteAction(
  previous: ActionState<unknown>,
  form: FormData,
): Promise<ActionState<{ version: number; newVersion: boolean }>> {
  const result = await save(previous as ActionState<{ version: number; newVersion: boolean }>, form);
  if (!result?.ok || !result.data) return result;
  if (form.get('intent') === 'run') {
    const run = await runAfterSave(null, form);
    if (run?.ok && run.data) redirect(`/o/${String(form.get('org'))}/runs/${run.data.id}`);
    if (run && !run.ok) {
      return { ...run, error: { ...run.error, message: `Saved, but the run was not queued: ${run.error.message}` } };
    }
  }
  return {
    ...result,
    message: result.data.newVersion
      ? `Saved as version ${result.data.version}.`
      : 'Saved. The YAML did not change, so there is no new version.',
  };
}
