import { z } from 'zod';
import { CidrList, EncryptionKeys, PostgresUrl, RedisUrl } from './load-env';

/** Development-only encryption key (id "dev"). Production must set MCPTEST_ENCRYPTION_KEYS; see docs/security.md. */
export const DEV_ENCRYPTION_KEYS = `dev:${btoa('mcptest-dev-key-never-for-prod!!')}`;
const DEV_AUTH_SECRET = 'mcptest-development-auth-secret-never-use-in-production';

/** Loopback only: lets a developer test a server on their own machine; never link-local or metadata ranges. */
export const DEV_PRIVATE_NETWORKS = '127.0.0.0/8,::1/128';

/**
 * Variables shared by every process that touches the service's state (web, worker, admin/migrate commands). In
 * development each has a default that matches `npm start`'s local Postgres and Redis, so a fresh clone needs no .env;
 * in production the secrets are required.
 */
export function serviceEnvSchema(production: boolean) {
  const devDefault = <T extends z.ZodType<unknown, string>>(schema: T, value: string) =>
    production ? schema : z.string().default(value).pipe(schema);
  return z.object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    DATABASE_URL: devDefault(PostgresUrl, 'postgresql://mcptest@127.0.0.1:5432/mcptest'),
    REDIS_URL: devDefault(RedisUrl, 'redis://127.0.0.1:6379'),
    /** Prefix of every Redis key (BullMQ queues, call budgets, heartbeats); tests use a unique one per file. */
    REDIS_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_:-]{1,64}$/, { message: 'must be 1-64 characters of letters, digits, _ : -' })
      .default('mcptest'),
    MCPTEST_ENCRYPTION_KEYS: devDefault(EncryptionKeys, DEV_ENCRYPTION_KEYS),
    /** "none" allows no private network at all (an empty value would mean "use the default"). */
    MCPTEST_ALLOW_PRIVATE_NETWORKS: z
      .string()
      .default(production ? 'none' : DEV_PRIVATE_NETWORKS)
      .transform((v) => (v.trim() === 'none' ? '' : v))
      .pipe(CidrList),
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

/** AUTH_SECRET signs sessions (Auth.js); at least 32 characters. */
export function authSecretSchema(production: boolean) {
  const schema = z.string().min(32, { message: 'must be at least 32 characters (openssl rand -base64 32)' });
  return production ? schema : z.string().default(DEV_AUTH_SECRET).pipe(schema);
}
