'use server';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import type { ActionState } from '@/lib/action-state';
import { createSuite } from '@/server/services/suites/create-suite';
import { CreateSuiteRequest, type SuiteResource } from '@/server/services/suites/suite-schemas';
import { orgAction } from '@/server/ui/org-action';

/** The new-suite form: strings; an empty cron means no schedule. */
const NewSuiteForm = z.object({
  projectId: z.string().min(1),
  name: z.string(),
  serverId: z.string(),
  yaml: z.string(),
  schedule: z.string().optional(),
  timezone: z.string().optional(),
});

const create = orgAction('createSuite', NewSuiteForm, ({ deps, actor }, form) => {
  const schedule = form.schedule?.trim() ? form.schedule.trim() : undefined;
  const request = CreateSuiteRequest.parse({
    name: form.name,
    serverId: form.serverId,
    yaml: form.yaml,
    ...(schedule ? { schedule, timezone: form.timezone?.trim() || 'UTC' } : {}),
  });
  return createSuite(deps, actor, form.projectId, request);
});

/** Creates a suite at version 1 and opens it (MEMBER or higher). */
export async function createSuiteAction(
  previous: ActionState<unknown>,
  form: FormData,
): Promise<ActionState<SuiteResource>> {
  const result = await create(previous as ActionState<SuiteResource>, form);
  if (result?.ok && result.data) redirect(`/o/${String(form.get('org'))}/suites/${result.data.id}`);
  return result;
}
