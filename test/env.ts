// The one env module of the test harness.
import { decideEnvMode, loadEnv, serviceEnvSchema } from '@mcptest/core';

/** DATABASE_URL's role creates the template and per-file databases, so it needs CREATEDB (npm test's set-up grants it). */
export const testEnv = loadEnv(serviceEnvSchema(decideEnvMode(process.env)), process.env);
