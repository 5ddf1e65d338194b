'use server';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import type { ActionState } from '@/lib/action-state';
import { createServer } from '@/server/services/servers/create-server';
import type { ServerResource } from '@/server/services/servers/server-schemas';
import { orgAction } from '@/server/ui/org-action';
import { ServerFormFields, serverRequestFromForm, withUrlOnField } from '@/app/o/[org]/servers/server-form-input';

const register = orgAction(
  'createServer',
  ServerFormFields.extend({ projectId: z.string().min(1) }),
  ({ deps, actor }, input) => withUrlOnField(createServer(deps, actor, input.projectId, serverRequestFromForm(input))),
);

/** Registers a server (MEMBER) and opens its page, which offers to test the connection and discover. */
export async function registerServerAction(
  previous: ActionState<ServerResource>,
  form: FormData,
): Promise<ActionState<ServerResource>> {
  const result = await register(previous, form);
  if (result?.ok && result.data) redirect(`/o/${String(form.get('org'))}/servers/${result.data.id}?registered=1`);
  return result;
}
