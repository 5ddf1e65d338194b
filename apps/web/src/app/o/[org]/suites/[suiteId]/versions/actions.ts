'use server';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import type { ActionState } from '@/lib/action-state';
import { restoreSuiteVersion } from '@/server/services/suites/restore-suite-version';
import { orgAction } from '@/server/ui/org-action';

const RestoreForm = z.object({ suiteId: z.string().min(1), version: z.coerce.number().int().min(1) });

const restore = orgAction('updateSuite', RestoreForm, ({ deps, actor }, form) =>
  restoreSuiteVersion(deps, actor, form.suiteId, form.version),
);

/** Saves an old version's YAML as a new version and shows that new version's diff (MEMBER or higher). */
export async function restoreVersionAction(
  previous: ActionState<unknown>,
  form: FormData,
): Promise<ActionState<unknown>> {
  const result = await restore(previous as Parameters<typeof restore>[0], form);
  if (result?.ok && result.data) {
    if (!result.data.restored) return { ok: true, message: 'That version is already the current YAML; nothing saved.' };
    redirect(
      `/o/${String(form.get('org'))}/suites/${result.data.suite.id}/versions?v=${result.data.suite.version}&restored=${String(form.get('version'))}`,
    );
  }
  return result;
}
