// The one env module of the web app: nothing else in apps/web reads process.env.
import {
  authSecretSchema,
  isProduction,
  JsonText,
  loadEnv,
  PlanLimitsOverride,
  Port,
  serviceEnvSchema,
} from '@mcptest/core';
import { z } from 'zod';

function webEnvSchema(production: boolean) {
  return serviceEnvSchema(production)
    .extend({
      PORT: Port.default(3000),
      AUTH_SECRET: authSecretSchema(production),
      /** Public base URL of the app, used in links we hand out (badges, run URLs, webhooks). */
      APP_URL: z
        .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
        .default('http://localhost:3000')
        .transform((v) => v.replace(/\/+$/, '')),
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
       * production: a deploy that sets it must fail to start, not quietly let anyone in.
       */
      MCPTEST_DEV_SIGNIN: z
        .enum(['0', '1'], { message: 'must be "1" (on) or "0" (off)' })
        .default('0')
        .refine((v) => !(production && v === '1'), {
          message: 'the development sign-in cannot be enabled when NODE_ENV is production',
        })
        .transform((v) => v === '1'),
    })
    .superRefine((value, ctx) => {
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

export type WebEnv = z.infer<ReturnType<typeof webEnvSchema>>;

let cached: WebEnv | undefined;

/**
 * The validated environment, parsed on first call (not at import), so `next build` can import server modules without
 * production secrets present. Throws EnvError listing every problem at once.
 */
export function env(): WebEnv {
  cached ??= loadEnv(webEnvSchema(isProduction(process.env)), process.env);
  return cached;
}

/** Forgets the parsed environment; for tests that change variables between cases. */
export function resetEnvForTests(): void {
  cached = undefined;
}
