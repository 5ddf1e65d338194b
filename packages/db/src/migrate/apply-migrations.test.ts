import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { useEmptyDatabase } from '../../../../test/db';
import { DbError } from '../errors';
import { applyMigrations } from './apply-migrations';
import { readMigrations, type MigrationFile } from './read-migrations';

const empty = useEmptyDatabase();
const scratch = useEmptyDatabase();
const real = readMigrations(path.resolve('prisma/migrations'));

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

function migration(name: string, sql: string): MigrationFile {
  const dir = mkdtempSync(path.join(tmpdir(), 'mcptest-mig-'));
  mkdirSync(path.join(dir, name));
  writeFileSync(path.join(dir, name, 'migration.sql'), sql);
  const [file] = readMigrations(dir);
  if (!file) throw new Error('no migration read');
  return file;
}

describe('applyMigrations on the real migrations', () => {
  it('builds every table on an empty database and records the ledger as Prisma does', async () => {
    const result = await applyMigrations({ url: empty.url, migrations: real });
    expect(result.applied).toEqual(real.map((m) => m.name));
    expect(result.alreadyApplied).toEqual([]);
    const tables = await query<{ tablename: string }>(
      empty.url,
      `SELECT tablename FROM pg_tables WHERE schemaname = 'public'`,
    );
    expect(tables.map((t) => t.tablename).sort()).toEqual(
      [
        'Account',
        'ApiToken',
        'AssertionResult',
        'AuditLog',
        'Baseline',
        'ConformanceReport',
        'Invitation',
        'Membership',
        'Monitor',
        'MonitorDay',
        'MonitorIncident',
        'Project',
        'Run',
        'RunOutbox',
        'Server',
        'ServerAuthorization',
        'Session',
        'Suite',
        'SuiteDay',
        'SuiteTriggerSecret',
        'SuiteVersion',
        'SurfaceChange',
        'SurfaceSnapshot',
        'Tenant',
        'User',
        'VerificationToken',
        'Webhook',
        'WebhookDelivery',
        '_prisma_migrations',
      ].sort(),
    );
    const ledger = await query<{
      migration_name: string;
      checksum: string;
      finished_at: Date | null;
      applied_steps_count: number;
    }>(
      empty.url,
      'SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name',
    );
    expect(ledger.map((r) => [r.migration_name, r.checksum, r.applied_steps_count])).toEqual(
      real.map((m) => [m.name, m.checksum, 1]),
    );
    expect(ledger.every((r) => r.finished_at instanceof Date)).toBe(true);
  });

  it('changes nothing on a second run', async () => {
    const before = await query(empty.url, 'SELECT * FROM "_prisma_migrations" ORDER BY migration_name');
    const result = await applyMigrations({ url: empty.url, migrations: real });
    expect(result).toEqual({ applied: [], alreadyApplied: real.map((m) => m.name), unknownInDatabase: [] });
    expect(await query(empty.url, 'SELECT * FROM "_prisma_migrations" ORDER BY migration_name')).toEqual(before);
  });

  it('refuses when an applied migration file was edited', async () => {
    const [first, ...rest] = real;
    if (!first) throw new Error('no migrations');
    const edited = { ...first, sql: `${first.sql}\n-- edited`, checksum: 'f'.repeat(64) };
    await expect(applyMigrations({ url: empty.url, migrations: [edited, ...rest] })).rejects.toMatchObject({
      code: 'migration_checksum_mismatch',
      message: expect.stringContaining(first.name),
    });
  });

  it('reports ledger entries that are not on disk without failing', async () => {
    const result = await applyMigrations({ url: empty.url, migrations: real.slice(0, 1) });
    expect(result.unknownInDatabase).toEqual(real.slice(1).map((m) => m.name));
  });
});

describe('applyMigrations failure handling', () => {
  it('rolls a failing migration back entirely and names the line', async () => {
    const good = migration('20200101000000_good', 'CREATE TABLE "a" (id int);');
    const bad = migration(
      '20200102000000_bad',
      'CREATE TABLE "b" (id int);\nINSERT INTO "b" VALUES (1);\nSELECT nope FROM "b";\n',
    );
    const error = await applyMigrations({ url: scratch.url, migrations: [good, bad] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DbError);
    expect((error as DbError).code).toBe('migration_failed');
    expect((error as DbError).message).toMatch(/20200102000000_bad failed at line 3: column "nope" does not exist/);
    const tables = await query<{ tablename: string }>(
      scratch.url,
      `SELECT tablename FROM pg_tables WHERE schemaname = 'public'`,
    );
    expect(tables.map((t) => t.tablename).sort()).toEqual(['_prisma_migrations', 'a']);
    const ledger = await query<{ migration_name: string }>(
      scratch.url,
      'SELECT migration_name FROM "_prisma_migrations"',
    );
    expect(ledger.map((r) => r.migration_name)).toEqual(['20200101000000_good']);
  });

  it('lets exactly one of several concurrent appliers apply each migration', async () => {
    const next = migration('20200103000000_counter', 'CREATE TABLE "c" (id int);\nINSERT INTO "c" VALUES (1);');
    const good = migration('20200101000000_good', 'CREATE TABLE "a" (id int);');
    const results = await Promise.all(
      Array.from({ length: 4 }, () => applyMigrations({ url: scratch.url, migrations: [good, next] })),
    );
    expect(results.filter((r) => r.applied.includes(next.name))).toHaveLength(1);
    expect(await query(scratch.url, 'SELECT count(*)::int AS n FROM "c"')).toEqual([{ n: 1 }]);
  });

  it('refuses to continue past a migration recorded as started but unfinished', async () => {
    await query(
      scratch.url,
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name) VALUES ('x', '${'0'.repeat(64)}', '20200104000000_half')`,
    );
    await expect(applyMigrations({ url: scratch.url, migrations: [] })).rejects.toMatchObject({
      code: 'migration_incomplete',
    });
  });
});
