import { DEFAULT_CALLBACK_PATH, safeCallbackPath } from '@mcptest/core';
import { env } from '@/env';
import { signInMethods } from '@/server/auth/build-auth-config';
import { signInWithDev, signInWithEmail, signInWithGitHub } from '@/server/auth/sign-in-actions';

// Reads the environment per request (which providers are on), so it is never prerendered at build time.
export const dynamic = 'force-dynamic';

export const metadata = { title: 'Sign in · mcptest' };

/** Words for Auth.js's error types that a person can act on; anything else gets the generic line. */
const ERRORS: Record<string, string> = {
  CredentialsSignin: 'That email was not accepted. Enter a full address such as you@example.com.',
  Verification: 'That sign-in link has expired or was already used. Ask for a new one.',
  OAuthAccountNotLinked: 'This email already signs in another way. Use the method you used before.',
  AccessDenied: 'Sign-in was refused.',
};

interface SignInPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function SignInPage({ searchParams }: SignInPageProps) {
  const params = await searchParams;
  const one = (name: string) => (typeof params[name] === 'string' ? params[name] : undefined);
  // The page the visitor was sent here from (loadOrgPage); anything but a same-origin path is dropped, not echoed.
  const callbackUrl = safeCallbackPath(one('callbackUrl')) ?? DEFAULT_CALLBACK_PATH;
  const error = one('error');
  const methods = signInMethods(env());

  return (
    <main className="page signin" id="main">
      <h1>Sign in to mcptest</h1>
      {error ? <p role="alert">{ERRORS[error] ?? 'Sign-in failed. Try again.'}</p> : null}
      {one('type') === 'email' ? (
        <p role="status">
          Check your email for a sign-in link. (In development without SMTP, it is in the server log.)
        </p>
      ) : null}

      {methods.email ? (
        <form action={signInWithEmail} aria-labelledby="email-signin" className="card form">
          <h2 id="email-signin">Email me a sign-in link</h2>
          <input type="hidden" name="callbackUrl" value={callbackUrl} />
          <label htmlFor="email-address">Email</label>{' '}
          <input id="email-address" name="email" type="email" autoComplete="email" required />{' '}
          <button type="submit" className="btn btn-primary">
            Send link
          </button>
        </form>
      ) : null}

      {methods.github ? (
        <form action={signInWithGitHub} className="card">
          <input type="hidden" name="callbackUrl" value={callbackUrl} />
          <button type="submit" className="btn btn-secondary">
            Sign in with GitHub
          </button>
        </form>
      ) : null}

      {methods.dev ? (
        <form action={signInWithDev} aria-labelledby="dev-signin" className="card form">
          <h2 id="dev-signin">Development sign-in</h2>
          <p>Enabled by MCPTEST_DEV_SIGNIN=1: any email signs in, no password. Never available on a public APP_URL.</p>
          <input type="hidden" name="callbackUrl" value={callbackUrl} />
          <label htmlFor="dev-email">Email</label>{' '}
          <input id="dev-email" name="email" type="email" autoComplete="email" required />{' '}
          <button type="submit" className="btn btn-primary">
            Sign in
          </button>
        </form>
      ) : null}

      {!methods.email && !methods.github && !methods.dev ? (
        <p>
          No sign-in method is configured. Set SMTP_URL or AUTH_GITHUB_ID and AUTH_GITHUB_SECRET (docs/self-hosting.md).
        </p>
      ) : null}
    </main>
  );
}
