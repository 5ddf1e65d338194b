// The one env module of the test harness.
import { decideEnvMode, loadEnv, serviceEnvSchema } from '@mcptest/core';
import { z } from 'zod';

/** DATABASE_URL's role creates the template and per-file databases, so it needs CREATEDB (npm test's set-up grants it). */
export const testEnv = loadEnv(
  serviceEnvSchema(decideEnvMode(process.env)).extend({
    /**
     * `cluster`: vitest's global set-up starts a local 3-primary Redis Cluster (test/redis-cluster.ts) and every
     * `useTestRedis()` (and the harnesses built on it) uses it instead of REDIS_URL. npm test runs the Redis-facing
     * files a second time so (scripts/test.mjs).
     */
    MCPTEST_TEST_REDIS: z.enum(['single', 'cluster']).default('single'),
  }),
  process.env,
);
