import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { DbError } from '../errors';
import type { MigrationFile } from './read-migrations';

/**
 * The advisory lock key Prisma Migrate itself uses, so this applier and `prisma migrate deploy` (where it can run)
 * exclude each other as well as concurrent copies of this one (e.g. several pods starting at once).
 */
const ADVISORY_LOCK_KEY = 72707369;

/** Prisma's ledger table, created the way Prisma creates it, so either tool can take over a database. */
const LEDGER_DDL = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export interface ApplyMigrationsResult {
  /** Applied by this call, in order. */
  applied: string[];
  /** Already in the ledger with a matching checksum. */
  alreadyApplied: string[];
  /** In the ledger but not on disk (applied by a newer release, or a folder was deleted); reported, not an error. */
  unknownInDatabase: string[];
}

interface LedgerRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

/** 1-based line of a character offset, for pointing at the failing statement. */
function lineOf(sql: string, position: number): number {
  return sql.slice(0, Math.max(0, position - 1)).split('\n').length;
}

/**
 * Applies pending migrations: one transaction per migration (a failure leaves the database as it was before that
 * migration), under an advisory lock, recorded in `_prisma_migrations`. Refuses to continue when an applied migration's
 * file has changed or a migration is recorded as started but not finished (both need a human). Idempotent.
 */
export async function applyMigrations(options: {
  url: string;
  migrations: readonly MigrationFile[];
  log?: (message: string) => void;
}): Promise<ApplyMigrationsResult> {
  const log = options.log ?? (() => {});
  const client = new pg.Client({ connectionString: options.url });
  await client.connect();
  try {
    // Notices such as "schema public already exists, skipping" are expected noise here.
    client.on('notice', () => {});
    await client.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCK_KEY]);
    try {
      await client.query(LEDGER_DDL);
      const { rows } = await client.query<LedgerRow>(
        'SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" ORDER BY started_at',
      );
      const ledger = new Map<string, LedgerRow>();
      for (const row of rows) {
        if (row.rolled_back_at !== null) continue;
        if (row.finished_at === null) {
          throw new DbError(
            'migration_incomplete',
            `migration ${row.migration_name} is recorded as started but never finished; fix the database by hand, ` +
              'then mark it rolled back (UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE ...) or finished',
            { migration: row.migration_name },
          );
        }
        ledger.set(row.migration_name, row);
      }

      const result: ApplyMigrationsResult = { applied: [], alreadyApplied: [], unknownInDatabase: [] };
      const onDisk = new Set(options.migrations.map((m) => m.name));
      result.unknownInDatabase = [...ledger.keys()].filter((name) => !onDisk.has(name));

      for (const migration of options.migrations) {
        const recorded = ledger.get(migration.name);
        if (recorded) {
          if (recorded.checksum !== migration.checksum) {
            throw new DbError(
              'migration_checksum_mismatch',
              `migration ${migration.name} was changed after it was applied (checksum ${recorded.checksum.slice(0, 12)}… ` +
                `in the database, ${migration.checksum.slice(0, 12)}… on disk); restore the file and put the change in a new migration`,
              { migration: migration.name },
            );
          }
          result.alreadyApplied.push(migration.name);
          continue;
        }
        log(`applying ${migration.name}`);
        await client.query('BEGIN');
        try {
          const id = randomUUID();
          await client.query(
            'INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())',
            [id, migration.checksum, migration.name],
          );
          await client.query(migration.sql);
          await client.query(
            'UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1',
            [id],
          );
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK');
          const pgError = error as { message?: string; position?: string };
          const where = pgError.position ? ` at line ${lineOf(migration.sql, Number(pgError.position))}` : '';
          throw new DbError(
            'migration_failed',
            `migration ${migration.name} failed${where}: ${pgError.message ?? String(error)} (nothing from it was applied)`,
            { migration: migration.name },
          );
        }
        result.applied.push(migration.name);
      }
      return result;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}
