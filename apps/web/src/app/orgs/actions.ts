'use server';
import { redirect } from 'next/navigation';
import type { ActionState } from '@/lib/action-state';
import { getSessionActor } from '@/server/auth/get-session-actor';
import { createOrganization } from '@/server/orgs/create-organization';
import { getServiceDeps } from '@/server/services/get-service-deps';
import { toActionError } from '@/server/ui/org-action';
import { runOnce } from '@/server/ui/run-once';
import { SUBMISSION_KEY_FIELD } from '@/lib/submission-key';

/** Creates an organization with the signed-in user as OWNER, then opens it (once per submission: runOnce). */
export async function createOrganizationAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const session = await getSessionActor();
  if (!session) redirect('/signin?callbackUrl=/orgs');
  const deps = getServiceDeps();
  let slug: string;
  try {
    const org = await runOnce(
      deps,
      { userId: session.userId, operation: 'createOrganization' },
      form.get(SUBMISSION_KEY_FIELD),
      () =>
        createOrganization(
          deps,
          { userId: session.userId, email: session.email ?? '' },
          { name: String(form.get('name') ?? '') },
        ),
      () => true,
    );
    slug = org.slug;
  } catch (error) {
    return toActionError(error);
  }
  redirect(`/o/${slug}`);
}
