// scripts/prisma-sql-diff.mjs (`npm run db:diff`) prints the migration SQL between two schema files with Prisma's
// WebAssembly schema engine, without a database or a downloaded engine binary. These run the real command.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(path.join(tmpdir(), 'prisma-sql-diff-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function schemaFile(name: string, model: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, `datasource db {\n  provider = "postgresql"\n}\n\n${model}\n`);
  return file;
}

function diff(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  // No DATABASE_URL: the diff must not need one.
  const env = { ...process.env };
  delete env.DATABASE_URL;
  return spawnSync(process.execPath, ['scripts/prisma-sql-diff.mjs', ...args], { encoding: 'utf8', env });
}

describe('prisma-sql-diff', () => {
  it('prints ALTER TABLE ... ADD COLUMN for a column added to a model', () => {
    const from = schemaFile('from.prisma', 'model Widget {\n  id Int @id\n}');
    const to = schemaFile('to.prisma', 'model Widget {\n  id    Int     @id\n  label String?\n}');
    const result = diff('--from', from, '--to', to);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/ALTER TABLE "Widget" ADD COLUMN\s+"label" TEXT;/);
    expect(result.stdout).not.toMatch(/CREATE TABLE|DROP/);
  });

  it('prints nothing for the current schema diffed against itself', () => {
    const result = diff('--from', 'prisma/schema.prisma', '--to', 'prisma/schema.prisma');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('');
  });

  it('creates every table of the current schema from an empty database', () => {
    const result = diff('--from-empty', '--to', 'prisma/schema.prisma');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/CREATE TABLE "Run"/);
  });

  it('fails with the parser message when a schema does not parse', () => {
    const broken = schemaFile('broken.prisma', 'model {');
    const result = diff('--from', broken, '--to', broken);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/Error validating|error/i);
  });

  it('rejects unknown arguments with the usage line', () => {
    const result = diff('--bogus');
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^usage: prisma-sql-diff/);
  });
});
