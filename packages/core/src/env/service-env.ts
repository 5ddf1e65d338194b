import { z } from 'zod';
import { DEV_DEFAULTS_OPT_IN, type EnvMode } from './decide-env-mode';
import { CidrList, EncryptionKeys, PostgresUrl, RedisUrl } from './load-env';

/** Development-only encryption key (id "dev"). Production must set MCPTEST_ENCRYPTION_KEYS; see docs/security.md. */
export const DEV_ENCRYPTION_KEYS = `dev:${btoa('mcptest-dev-key-never-for-prod!!')}`;
/** Development-only AUTH_SECRET; public like the key above, so refused wherever the development defaults are. */
export const DEV_AUTH_SECRET = 'mcptest-development-auth-secret-never-use-in-production';

/** Loopback only: lets a developer test a server on their own machine; never link-local or metadata ranges. */
export const DEV_PRIVATE_NETWORKS = '127.0.0.0/8,::1/128';

const DEV_KEY_BYTES = atob(DEV_ENCRYPTION_KEYS.slice('dev:'.length));

/**
 * A secret with a public development value: that value is the default where the mode allows development defaults;
 * elsewhere the variable is required (the message says why) and the public value is refused even when set by hand.
 */
function secretWithDevDefault<T>(
  mode: EnvMode,
  devValue: string,
  schema: z.ZodType<T, string>,
  isDevValue: (value: T) => string | undefined,
) {
  if (mode.devDefaults) return z.string().default(devValue).pipe(schema);
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value !== undefined) return value;
      ctx.addIssue({ code: 'custom', message: `is required: ${mode.reason}` });
      return z.NEVER;
    })
    .pipe(schema)
    .superRefine((value, ctx) => {
      const problem = isDevValue(value);
      if (problem) ctx.addIssue({ code: 'custom', message: `${problem}, which is public: ${mode.reason}` });
    });
}

/**
 * Variables shared by every process that touches the service's state (web, worker, admin/migrate commands). Where the
 * mode allows development defaults (decideEnvMode: a loopback APP_URL, even under a production build) each has one that matches
 * `npm start`'s local Postgres and Redis, so a fresh clone needs no .env; elsewhere the secrets are required, the
 * public development ones are refused, and no private network is reachable unless MCPTEST_ALLOW_PRIVATE_NETWORKS says
 * so.
 */
export function serviceEnvSchema(mode: EnvMode) {
  const devDefault = <T extends z.ZodType<unknown, string>>(schema: T, value: string) =>
    mode.production && !mode.devDefaults ? schema : z.string().default(value).pipe(schema);
  return z.object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    DATABASE_URL: devDefault(PostgresUrl, 'postgresql://mcptest@127.0.0.1:5432/mcptest'),
    REDIS_URL: devDefault(RedisUrl, 'redis://127.0.0.1:6379'),
    /** Prefix of every Redis key (BullMQ queues, call budgets, heartbeats); tests use a unique one per file. */
    REDIS_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_:-]{1,64}$/, { message: 'must be 1-64 characters of letters, digits, _ : -' })
      .default('mcptest'),
    MCPTEST_ENCRYPTION_KEYS: secretWithDevDefault(mode, DEV_ENCRYPTION_KEYS, EncryptionKeys, (keys) => {
      const dev = keys.find((k) => String.fromCharCode(...k.key) === DEV_KEY_BYTES);
      return dev ? `key "${dev.id}" is the development key` : undefined;
    }),
    /** "none" allows no private network at all (an empty value would mean "use the default"). */
    MCPTEST_ALLOW_PRIVATE_NETWORKS: z
      .string()
      .default(mode.devDefaults ? DEV_PRIVATE_NETWORKS : 'none')
      .transform((v) => (v.trim() === 'none' ? '' : v))
      .pipe(CidrList),
    /** Read by decideEnvMode; declared here so a value production cannot honour is an error, not silence. */
    [DEV_DEFAULTS_OPT_IN]: z
      .enum(['0', '1'], { message: 'must be "1" (on) or "0" (off)' })
      .default('0')
      .refine((v) => !(mode.production && !mode.devDefaults && v === '1'), {
        message: 'the development defaults cannot be allowed on a non-loopback APP_URL when NODE_ENV is production',
      })
      .transform((v) => v === '1'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // Per-host politeness: workers (runs) and the web app (discovery, connection tests) share these limits in Redis.
    /** Requests in flight to one destination address, across all workers, web processes and tenants. */
    POLITENESS_MAX_IN_FLIGHT_PER_HOST: z.coerce.number().int().min(1).max(1000).default(8),
    /** Requests started per second to one destination address, across all workers, web processes and tenants. */
    POLITENESS_REQUESTS_PER_SECOND_PER_HOST: z.coerce.number().int().min(1).max(10_000).default(20),
    /** Longest a request waits for its address's limits before failing with a reason. */
    POLITENESS_MAX_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
  });
}

/** AUTH_SECRET signs sessions (Auth.js); at least 32 characters, never the public development secret outside it. */
export function authSecretSchema(mode: EnvMode) {
  const schema = z.string().min(32, { message: 'must be at least 32 characters (openssl rand -base64 32)' });
  return secretWithDevDefault(mode, DEV_AUTH_SECRET, schema, (value) =>
    value === DEV_AUTH_SECRET ? 'is the development secret' : undefined,
  );
}

/**
 * A switch that only the development defaults allow (the development sign-in): "1" where the mode refuses them is an
 * error naming why, so a deploy that sets it fails to start instead of quietly letting anyone in.
 */
export function devOnlyFlagSchema(mode: EnvMode, what: string) {
  return z
    .enum(['0', '1'], { message: 'must be "1" (on) or "0" (off)' })
    .default('0')
    .refine((v) => mode.devDefaults || v !== '1', { message: `${what} cannot be enabled: ${mode.reason}` })
    .transform((v) => v === '1');
}
