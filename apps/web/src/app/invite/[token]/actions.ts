'use server';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { signOut } from '@/auth';
import type { ActionState } from '@/lib/action-state';
import { getSessionActor } from '@/server/auth/get-session-actor';
import { acceptInvitation } from '@/server/orgs/accept-invitation';
import { getServiceDeps } from '@/server/services/get-service-deps';
import { toActionError } from '@/server/ui/org-action';

const Token = z.string().min(1).max(200);

/**
 * Accepts the invitation in the form for the signed-in user and opens the organization. Not `orgAction`: the user is
 * not a member yet; the token is the authorization, checked by `acceptInvitation` (with the invited email).
 */
export async function acceptInvitationAction(_previous: ActionState<void>, form: FormData): Promise<ActionState<void>> {
  const token = Token.safeParse(form.get('token'));
  if (!token.success)
    return { ok: false, error: { code: 'not_found', message: 'this invitation link is not valid', fields: {} } };
  const session = await getSessionActor();
  if (!session) redirect(`/signin?callbackUrl=${encodeURIComponent(`/invite/${token.data}`)}`);
  let slug: string;
  try {
    const joined = await acceptInvitation(
      getServiceDeps(),
      { userId: session.userId, email: session.email ?? '' },
      { token: token.data },
    );
    slug = joined.slug;
  } catch (error) {
    return toActionError(error);
  }
  redirect(`/o/${slug}`);
}

/** Signs out and comes back to the invitation through the sign-in page (to accept with the invited address). */
export async function switchAccountAction(form: FormData): Promise<void> {
  const token = Token.parse(form.get('token'));
  await signOut({ redirectTo: `/signin?callbackUrl=${encodeURIComponent(`/invite/${token}`)}` });
}
