// The one env module of the db commands (`npm run db:migrate`, `npm run admin`).
import { isProduction, loadEnv, serviceEnvSchema } from '@mcptest/core';
import { z } from 'zod';

export function readEnv() {
  const production = isProduction(process.env);
  return loadEnv(
    serviceEnvSchema(production).extend({
      /** Where the Prisma-format migration folders are; relative to the working directory. */
      MCPTEST_MIGRATIONS_DIR: z.string().default('prisma/migrations'),
    }),
    process.env,
  );
}
