import type { Session } from 'next-auth';
import { auth } from '@/auth';

/** Who is signed in, as pages and server actions need it (memberships and roles come from the organizations layer). */
export interface SessionActor {
  userId: string;
  email: string | null;
}

/** The actor of an Auth.js session, or null when signed out (or the session carries no user id). */
export function sessionActor(session: Session | null): SessionActor | null {
  const user = session?.user;
  if (!user?.id) return null;
  return { userId: user.id, email: user.email ?? null };
}

/** The signed-in user of the current request (reads the session cookie), or null. */
export async function getSessionActor(): Promise<SessionActor | null> {
  return sessionActor(await auth());
}
