// The one env module of the db commands (`npm run db:migrate`, `npm run admin`).
import { decideEnvMode, loadEnv, serviceEnvSchema } from '@mcptest/core';
import { z } from 'zod';

export function readEnv() {
  return loadEnv(
    // The same mode as the web app and the worker it serves: their APP_URL decides whether the dev key may seal.
    serviceEnvSchema(decideEnvMode(process.env)).extend({
      /** Where the Prisma-format migration folders are; relative to the working directory. */
      MCPTEST_MIGRATIONS_DIR: z.string().default('prisma/migrations'),
    }),
    process.env,
  );
}
