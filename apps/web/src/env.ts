// The one env module of the web app: nothing else in apps/web reads process.env.
import {
  appUrlSchema,
  authSecretSchema,
  decideEnvMode,
  DEFAULT_APP_PORT,
  devOnlyFlagSchema,
  JsonText,
  loadEnv,
  PlanLimitsOverride,
  Port,
  serviceEnvSchema,
  type EnvMode,
} from '@mcptest/core';
import { z } from 'zod';

export function webEnvSchema(mode: EnvMode, source: Record<string, string | undefined>) {
  return serviceEnvSchema(mode)
    .extend({
      PORT: Port.default(DEFAULT_APP_PORT),
      AUTH_SECRET: authSecretSchema(mode),
      /**
       * Public base URL of the app, used in links we hand out (badges, run URLs, webhooks, sign-in emails: Auth.js
       * gets its URL from here, see applyAuthUrl). Defaults to http://localhost:$PORT.
       */
      APP_URL: appUrlSchema(source),
      /** Per-plan overrides of the plan limits (JSON), the same variable the worker reads. */
      MCPTEST_PLAN_LIMITS: JsonText.pipe(PlanLimitsOverride).default({}),
      /** Requests per minute of one API token (429 with Retry-After beyond); also of one user's UI actions that reach out. */
      API_RATE_LIMIT_PER_TOKEN: z.coerce.number().int().min(1).default(600),
      /** Requests per minute of one tenant, all tokens together. */
      API_RATE_LIMIT_PER_TENANT: z.coerce.number().int().min(1).default(1200),
      /** Run triggers per minute of one tenant. */
      API_TRIGGERS_PER_TENANT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
      /** Longest `wait` a trigger may ask for, in seconds. */
      API_MAX_WAIT_SECONDS: z.coerce.number().int().min(0).max(600).default(60),
      /** Live run-event streams one user (or API token) may hold open at once per web process (429 beyond). */
      EVENT_STREAMS_PER_USER: z.coerce.number().int().min(1).default(10),
      /** Live run-event streams one tenant may hold open at once per web process, all users and tokens (429 beyond). */
      EVENT_STREAMS_PER_TENANT: z.coerce.number().int().min(1).default(50),
      /** GitHub OAuth app of the sign-in page (both or neither; without them the GitHub button is hidden). */
      AUTH_GITHUB_ID: z.string().optional(),
      AUTH_GITHUB_SECRET: z.string().optional(),
      /** SMTP server of the magic-link emails; unset in development prints the link to the server log. */
      SMTP_URL: z
        .string()
        .refine((v) => /^smtps?:\/\/.+/.test(v), { message: 'must be an smtp:// or smtps:// URL' })
        .optional(),
      /** Sender of the magic-link emails. */
      EMAIL_FROM: z.string().min(3).default('mcptest <noreply@localhost>'),
      /**
       * "1" enables the development sign-in (any email, no password) for local use and browser tests. Refused in
       * production and on a non-loopback APP_URL (decideEnvMode): a deploy that sets it must fail to start, not
       * quietly let anyone in.
       */
      MCPTEST_DEV_SIGNIN: devOnlyFlagSchema(mode, 'the development sign-in'),
      /**
       * "1": Auth.js builds its URLs (sign-in email links, OAuth callbacks) from each request's X-Forwarded-Host,
       * X-Forwarded-Proto and Host, for a deployment answering on several host names behind a proxy that sets those
       * headers itself. "0" (default): from APP_URL only, because any client can send those headers.
       */
      MCPTEST_TRUST_PROXY_HEADERS: z
        .enum(['0', '1'], { message: 'must be "1" (on) or "0" (off)' })
        .default('0')
        .transform((v) => v === '1'),
      /** Auth.js's own URL variables: applyAuthUrl sets AUTH_URL from APP_URL; another value is refused below. */
      AUTH_URL: z.string().optional(),
      NEXTAUTH_URL: z.string().optional(),
    })
    .superRefine((value, ctx) => {
      // A second source of Auth.js's URL would silently win over APP_URL (next-auth reads it first).
      const pinned = value.MCPTEST_TRUST_PROXY_HEADERS ? undefined : authUrlOf(value.APP_URL);
      for (const name of ['AUTH_URL', 'NEXTAUTH_URL'] as const) {
        if (value[name] !== undefined && !(name === 'AUTH_URL' && value[name] === pinned)) {
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'do not set: Auth.js takes its URL from APP_URL (or, if trusted, the proxy headers)',
          });
        }
      }
      // Half a GitHub app is a misconfiguration, not "GitHub off": say so at startup.
      if (Boolean(value.AUTH_GITHUB_ID) !== Boolean(value.AUTH_GITHUB_SECRET)) {
        ctx.addIssue({
          code: 'custom',
          path: [value.AUTH_GITHUB_ID ? 'AUTH_GITHUB_SECRET' : 'AUTH_GITHUB_ID'],
          message: 'AUTH_GITHUB_ID and AUTH_GITHUB_SECRET must be set together (or neither)',
        });
      }
    });
}

export type WebEnv = z.infer<ReturnType<typeof webEnvSchema>> & {
  /**
   * Not a variable: decideEnvMode's answer, for the conveniences that follow it rather than NODE_ENV (sign-in and
   * invitation links printed to the log without SMTP), so a production build on loopback (`npm start`) keeps them.
   */
  devDefaults: boolean;
};

let cached: WebEnv | undefined;

/** Parses a web environment record (the tests' way in; the app uses env()). */
export function readWebEnv(source: Record<string, string | undefined>): WebEnv {
  const mode = decideEnvMode(source);
  return { ...loadEnv(webEnvSchema(mode, source), source), devDefaults: mode.devDefaults };
}

/**
 * The validated environment, parsed on first call (not at import), so `next build` can import server modules without
 * production secrets present; instrumentation.ts calls it when the server starts. Throws EnvError listing every problem at once.
 */
export function env(): WebEnv {
  cached ??= readWebEnv(process.env);
  return cached;
}

/** Auth.js's URL for an APP_URL: its routes live under /api/auth. */
function authUrlOf(appUrl: string): string {
  return `${appUrl}/api/auth`;
}

/**
 * Points Auth.js at APP_URL. next-auth v5 takes its URL only from process.env.AUTH_URL; without it, `signIn()` in a
 * server action builds the emailed magic link from the request's `X-Forwarded-Host ?? Host` (createActionURL in
 * @auth/core), so anyone could ask for a victim's link and have the genuine email point at their own host. With
 * AUTH_URL set, every Auth.js path (server actions, /api/auth route handlers, auth()) uses it instead. auth.ts calls
 * this before each use of Auth.js; MCPTEST_TRUST_PROXY_HEADERS=1 leaves the headers in charge.
 */
export function applyAuthUrl(e: WebEnv): void {
  if (e.MCPTEST_TRUST_PROXY_HEADERS) delete process.env.AUTH_URL;
  else process.env.AUTH_URL = authUrlOf(e.APP_URL);
}

/** Forgets the parsed environment; for tests that change variables between cases. */
export function resetEnvForTests(): void {
  cached = undefined;
}
