// The one env module of the set-up scripts (npm start / npm test). Plain JavaScript with no dependencies, because it
// runs before `npm install` has. The apps validate the full environment themselves (zod, packages/core loadEnv).
export const env = {
  ci: process.env.CI === 'true' || process.env.CI === '1',
  production: process.env.NODE_ENV === 'production',
  databaseUrl: process.env.DATABASE_URL || 'postgresql://mcptest@127.0.0.1:5432/mcptest',
  redisUrl: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
  /** A superuser connection used only to create the development role and database when they are missing. */
  pgAdminUrl: process.env.MCPTEST_PG_ADMIN_URL || 'postgresql://postgres@127.0.0.1:5432/postgres',
  /**
   * The web app's port. start.mjs gives it to the web app and the worker alike, so both default APP_URL to
   * http://localhost:$PORT (packages/core/src/env/app-url.ts, the one home of that default; 3000 is its
   * DEFAULT_APP_PORT, repeated here because this file runs before dependencies are installed).
   */
  port: process.env.PORT || '3000',
  /**
   * `MCPTEST_TEST_NODE=24 npm test`: the major of Node.js that runs the tests (vitest and every process it starts),
   * fetched by scripts/lib/node-runtime.mjs; empty runs them on the Node that runs npm.
   */
  testNode: process.env.MCPTEST_TEST_NODE || '',
  /** Passed through to children untouched. */
  all: process.env,
};
