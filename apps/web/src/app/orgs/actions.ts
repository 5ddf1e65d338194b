'use server';
import { redirect } from 'next/navigation';
import type { ActionState } from '../../lib/action-state';
import { getSessionActor } from '../../server/auth/get-session-actor';
import { createOrganization } from '../../server/orgs/create-organization';
import { getServiceDeps } from '../../server/services/get-service-deps';
import { toActionError } from '../../server/ui/org-action';

/** Creates an organization with the signed-in user as OWNER, then opens it. */
export async function createOrganizationAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const session = await getSessionActor();
  if (!session) redirect('/signin?callbackUrl=/orgs');
  let slug: string;
  try {
    const org = await createOrganization(
      getServiceDeps(),
      { userId: session.userId, email: session.email ?? '' },
      { name: String(form.get('name') ?? '') },
    );
    slug = org.slug;
  } catch (error) {
    return toActionError(error);
  }
  redirect(`/o/${slug}`);
}
