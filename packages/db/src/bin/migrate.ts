// `npm run db:migrate`: applies pending migrations with the project's own applier (see apply-migrations.ts).
import path from 'node:path';
import { EnvError } from '@mcptest/core';
import { DbError } from '../errors';
import { applyMigrations } from '../migrate/apply-migrations';
import { readMigrations } from '../migrate/read-migrations';
import { readEnv } from './env';

async function main(): Promise<number> {
  const env = readEnv();
  const migrations = readMigrations(path.resolve(env.MCPTEST_MIGRATIONS_DIR));
  const result = await applyMigrations({
    url: env.DATABASE_URL,
    migrations,
    log: (message) => console.log(`db:migrate: ${message}`),
  });
  for (const name of result.unknownInDatabase) {
    console.warn(`db:migrate: warning: ${name} is applied in the database but not in ${env.MCPTEST_MIGRATIONS_DIR}`);
  }
  console.log(
    result.applied.length === 0
      ? `db:migrate: up to date (${result.alreadyApplied.length} migrations applied before)`
      : `db:migrate: applied ${result.applied.length}, ${result.alreadyApplied.length} were already applied`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof EnvError || error instanceof DbError) console.error(`db:migrate: ${error.message}`);
    else if (error instanceof Error && 'code' in error && error.code === 'ECONNREFUSED') {
      console.error(
        `db:migrate: cannot reach PostgreSQL (${error.message}); is it running? (docker compose up -d postgres)`,
      );
    } else console.error('db:migrate: failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
