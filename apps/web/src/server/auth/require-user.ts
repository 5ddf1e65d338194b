import { redirect } from 'next/navigation';
import { getSessionActor, type SessionActor } from './get-session-actor';

/**
 * The signed-in user, for pages and server actions that need one; a signed-out visitor is sent to /signin (with the
 * page to come back to, when given).
 */
export async function requireUser(callbackPath?: string): Promise<SessionActor> {
  const actor = await getSessionActor();
  if (actor) return actor;
  redirect(callbackPath ? `/signin?callbackUrl=${encodeURIComponent(callbackPath)}` : '/signin');
}
