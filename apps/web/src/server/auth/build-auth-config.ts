import { randomUUID } from 'node:crypto';
import type { NextAuthConfig } from 'next-auth';
import type { Adapter } from 'next-auth/adapters';
import { encode as encodeJwt } from 'next-auth/jwt';
import Credentials from 'next-auth/providers/credentials';
import GitHub from 'next-auth/providers/github';
import type { Logger } from 'pino';
import type { WebEnv } from '@/env';
import { authorizeDevSignIn, DEV_SIGNIN_PROVIDER_ID } from './authorize-dev-sign-in';
import { createLogMagicLink } from './log-magic-link';
import { createSendMagicLink } from './send-magic-link';

/** Sessions last 30 days, refreshed at most daily (Auth.js defaults, stated so the dev sign-in matches them). */
const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** Claim the jwt callback puts on a dev sign-in's token, so `jwt.encode` knows to open a database session instead. */
const DEV_SESSION_CLAIM = 'mcptestDevSession';

export type AuthEnv = Pick<
  WebEnv,
  | 'devDefaults'
  | 'AUTH_SECRET'
  | 'AUTH_GITHUB_ID'
  | 'AUTH_GITHUB_SECRET'
  | 'SMTP_URL'
  | 'EMAIL_FROM'
  | 'MCPTEST_DEV_SIGNIN'
>;

/** Which ways to sign in this deployment offers; the sign-in page shows exactly these. */
export interface SignInMethods {
  email: boolean;
  github: boolean;
  dev: boolean;
}

export function signInMethods(env: AuthEnv): SignInMethods {
  return {
    // Without SMTP, a deployment others reach has nowhere to send the link (logging it there would leak a credential);
    // where the development defaults apply (this machine only: decideEnvMode), the log is the developer's own.
    email: Boolean(env.SMTP_URL) || env.devDefaults,
    github: Boolean(env.AUTH_GITHUB_ID && env.AUTH_GITHUB_SECRET),
    dev: env.MCPTEST_DEV_SIGNIN,
  };
}

export interface BuildAuthConfigOptions {
  env: AuthEnv;
  adapter: Adapter;
  logger: Pick<Logger, 'info'>;
}

/**
 * The Auth.js configuration. Sessions are database sessions (revocable, listed per user) for every provider. The
 * dev sign-in is a Credentials provider, which Auth.js always finishes by calling `jwt.encode` and setting the result
 * as the session cookie; under the database strategy nothing else calls `jwt.encode`, so our encode creates a Session
 * row through the adapter and returns its token: the cookie then holds a database session like any other.
 */
export function buildAuthConfig({ env, adapter, logger }: BuildAuthConfigOptions): NextAuthConfig {
  const methods = signInMethods(env);
  const providers: NextAuthConfig['providers'] = [];
  if (methods.email) {
    // An email provider written out (see send-magic-link.ts for why not Auth.js's Nodemailer()); the id stays
    // "nodemailer" so URLs match Auth.js's documentation.
    providers.push({
      id: 'nodemailer',
      type: 'email',
      name: 'Email',
      from: env.EMAIL_FROM,
      maxAge: 24 * 60 * 60,
      sendVerificationRequest: env.SMTP_URL
        ? createSendMagicLink({ smtpUrl: env.SMTP_URL, from: env.EMAIL_FROM })
        : createLogMagicLink(logger),
      options: {},
    });
  }
  // methods.github says both are set; the check again narrows their types.
  if (methods.github && env.AUTH_GITHUB_ID && env.AUTH_GITHUB_SECRET) {
    providers.push(GitHub({ clientId: env.AUTH_GITHUB_ID, clientSecret: env.AUTH_GITHUB_SECRET }));
  }
  if (methods.dev) {
    providers.push(
      Credentials({
        id: DEV_SIGNIN_PROVIDER_ID,
        name: 'Development sign-in',
        credentials: { email: { label: 'Email', type: 'email' } },
        authorize: (credentials) => authorizeDevSignIn(adapter, credentials),
      }),
    );
  }

  return {
    // next-auth's default too, stated so the config also works when handed to @auth/core's Auth() (tests).
    basePath: '/api/auth',
    adapter,
    secret: env.AUTH_SECRET,
    // Auth.js's host check guards deployments without a configured URL. Ours has one: AUTH_URL is set from APP_URL
    // (env.ts applyAuthUrl), so request headers never name the host in links, unless MCPTEST_TRUST_PROXY_HEADERS=1
    // says the operator's proxy sets them.
    trustHost: true,
    providers,
    pages: { signIn: '/signin', error: '/signin', verifyRequest: '/signin' },
    session: { strategy: 'database', maxAge: SESSION_MAX_AGE_SECONDS },
    callbacks: {
      // Like Auth.js's default (which never echoes the session row, whose token is the cookie) plus the user id.
      session({ session, user }) {
        return {
          user: { id: user.id, name: user.name ?? null, email: user.email, image: user.image ?? null },
          expires: session.expires,
        };
      },
      jwt({ token, account }) {
        return account?.provider === DEV_SIGNIN_PROVIDER_ID ? { ...token, [DEV_SESSION_CLAIM]: true } : token;
      },
    },
    jwt: {
      async encode(params) {
        const userId = params.token?.sub;
        if (params.token?.[DEV_SESSION_CLAIM] !== true || typeof userId !== 'string') return encodeJwt(params);
        if (!adapter.createSession) throw new Error('the auth adapter cannot create sessions');
        const session = await adapter.createSession({
          sessionToken: randomUUID(),
          userId,
          expires: new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000),
        });
        return session.sessionToken;
      },
    },
  };
}
