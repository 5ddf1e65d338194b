import type { Adapter, AdapterUser } from 'next-auth/adapters';
import { z } from 'zod';

/** Provider id of the development sign-in (the form posts to /api/auth/callback/dev). */
export const DEV_SIGNIN_PROVIDER_ID = 'dev';

const DevCredentials = z.object({ email: z.string().trim().toLowerCase().pipe(z.email()) });

/**
 * The development sign-in's `authorize`: any well-formed email signs in, creating the user on first use and reusing it
 * after (by email, the same row a magic link for that address would reach). Returns null (Auth.js answers
 * CredentialsSignin) for anything else. Only wired in when MCPTEST_DEV_SIGNIN=1, which env.ts refuses in production.
 */
export async function authorizeDevSignIn(
  adapter: Pick<Adapter, 'getUserByEmail' | 'createUser'>,
  credentials: Partial<Record<string, unknown>>,
): Promise<AdapterUser | null> {
  const parsed = DevCredentials.safeParse(credentials);
  if (!parsed.success || !adapter.getUserByEmail || !adapter.createUser) return null;
  const { email } = parsed.data;
  const existing = await adapter.getUserByEmail(email);
  if (existing) return existing;
  // The adapter drops `id` and lets the database assign one; a dev sign-in proves nothing about the address.
  return adapter.createUser({ id: '', email, emailVerified: null, name: email.split('@')[0] ?? null });
}
