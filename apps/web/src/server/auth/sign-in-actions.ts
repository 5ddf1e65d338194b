'use server';
// Server actions of the sign-in page (and the sign-out button): thin wrappers over Auth.js's signIn/signOut that turn
// an Auth.js error into /signin?error=<type> instead of an error page.
import { safeCallbackPath } from '@mcptest/core';
import { AuthError } from 'next-auth';
import { redirect } from 'next/navigation';
import { signIn, signOut } from '@/auth';
import { DEV_SIGNIN_PROVIDER_ID } from './authorize-dev-sign-in';

/** Only same-origin paths ("/x", not "//host", "/\\host" or "https://…") may be a post-sign-in destination. */
function safeRedirect(value: FormDataEntryValue | null): string {
  return safeCallbackPath(value) ?? '/';
}

async function signInOrExplain(provider: string, options: Record<string, unknown>): Promise<void> {
  try {
    await signIn(provider, options);
  } catch (error) {
    // signIn ends by throwing Next's redirect, which must propagate; only Auth.js's own errors are shown on the page.
    if (error instanceof AuthError) redirect(`/signin?error=${encodeURIComponent(error.type)}`);
    throw error;
  }
}

/** Sends (or, without SMTP in development, logs) a magic link to the form's `email`. */
export async function signInWithEmail(form: FormData): Promise<void> {
  await signInOrExplain('nodemailer', { email: form.get('email'), redirectTo: safeRedirect(form.get('callbackUrl')) });
}

/** Starts the GitHub OAuth flow. */
export async function signInWithGitHub(form: FormData): Promise<void> {
  await signInOrExplain('github', { redirectTo: safeRedirect(form.get('callbackUrl')) });
}

/** The development sign-in: signs in as the form's `email` (enabled only by MCPTEST_DEV_SIGNIN=1). */
export async function signInWithDev(form: FormData): Promise<void> {
  await signInOrExplain(DEV_SIGNIN_PROVIDER_ID, {
    email: form.get('email'),
    redirectTo: safeRedirect(form.get('callbackUrl')),
  });
}

/** Ends the session (deletes the Session row) and returns to the home page. */
export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: '/' });
}
