import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One folder of prisma/migrations in Prisma's format: `<timestamp>_<name>/migration.sql`. */
export interface MigrationFile {
  name: string;
  sql: string;
  /** sha256 hex of the file, as Prisma records it in `_prisma_migrations.checksum`. */
  checksum: string;
}

/** Reads the migration folders in name order (the timestamp prefix orders them). */
export function readMigrations(dir: string): MigrationFile[] {
  if (!existsSync(dir)) throw new Error(`migrations folder not found: ${dir}`);
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .flatMap((name) => {
      const file = path.join(dir, name, 'migration.sql');
      if (!existsSync(file)) return [];
      const sql = readFileSync(file, 'utf8');
      return [{ name, sql, checksum: createHash('sha256').update(sql).digest('hex') }];
    });
}
