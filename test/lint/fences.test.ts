// The package fences of docs/ARCHITECTURE.md ("May import") are ESLint rules; this lints small in-memory snippets as if
// they sat in each package and checks that every forbidden import is refused and every allowed one passes. The allowed
// lists are read from the document, not from eslint.config.js, so the table and the lint cannot drift apart.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Each workspace folder and its package name, as the "Package" column names them. */
const PACKAGES = {
  core: { folder: 'packages/core', name: '@mcptest/core' },
  mcp: { folder: 'packages/mcp', name: '@mcptest/mcp' },
  db: { folder: 'packages/db', name: '@mcptest/db' },
  redis: { folder: 'packages/redis', name: '@mcptest/redis' },
  cli: { folder: 'packages/cli', name: '@mcptest/cli' },
  runner: { folder: 'workers/runner', name: '@mcptest/runner' },
  web: { folder: 'apps/web', name: '@mcptest/web' },
} as const;
type Key = keyof typeof PACKAGES;
const KEYS = Object.keys(PACKAGES) as Key[];

/** The "May import" column of docs/ARCHITECTURE.md: the workspace packages each folder may import. */
function mayImportFromDoc(): Record<Key, Key[]> {
  const doc = readFileSync(path.join(ROOT, 'docs/ARCHITECTURE.md'), 'utf8');
  const rows = doc.split('\n').filter((line) => /^\| `(packages|workers|apps)\//.test(line));
  const table = {} as Record<Key, Key[]>;
  for (const row of rows) {
    const [packageCell = '', , mayImport = ''] = row.split('|').slice(1);
    const key = KEYS.find((k) => packageCell.includes(`\`${PACKAGES[k].folder}\``));
    if (key === undefined) throw new Error(`docs/ARCHITECTURE.md names an unknown package: ${packageCell.trim()}`);
    table[key] = KEYS.filter((k) => new RegExp(`\\b${k}\\b`).test(mayImport));
  }
  return table;
}

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({
    cwd: ROOT,
    // The snippets exist only in memory, so no TypeScript program can hold them; the fences need none.
    overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
    ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
  });
});

/** The no-restricted-imports messages for `import ... from specifier` in a file at `file` (relative to the root). */
async function refusals(file: string, specifier: string): Promise<string[]> {
  const code = `import { x } from '${specifier}';\nexport const y = x;\n`;
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  if (result === undefined) throw new Error(`no lint result for ${file}`);
  const fatal = result.messages.filter((m) => m.fatal === true);
  if (fatal.length > 0) throw new Error(`${file}: ${fatal.map((m) => m.message).join('; ')}`);
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const MAY_IMPORT = mayImportFromDoc();

describe('docs/ARCHITECTURE.md "May import"', () => {
  it('has a row for every workspace folder, and the fences as the issue set them', () => {
    expect(Object.keys(MAY_IMPORT).sort()).toEqual([...KEYS].sort());
    expect(MAY_IMPORT).toEqual({
      core: [],
      mcp: ['core'],
      db: ['core'],
      // db until the Postgres writes leave packages/redis/src/runs/cancel-run.ts.
      redis: ['core', 'db'],
      cli: ['core', 'mcp'],
      runner: ['core', 'mcp', 'db', 'redis'],
      web: ['core', 'mcp', 'db', 'redis'],
    });
  });
});

const PAIRS = KEYS.flatMap((from) => KEYS.filter((to) => to !== from).map((to) => [from, to] as const));

describe.each(PAIRS)('a file in %s importing %s', (from, to) => {
  const allowed = MAY_IMPORT[from].includes(to);
  const file = `${PACKAGES[from].folder}/src/area/fence-probe.ts`;
  const testFile = `${PACKAGES[from].folder}/src/area/fence-probe.test.ts`;
  const { name, folder } = PACKAGES[to];

  it(`is ${allowed ? 'allowed' : 'refused'} by package name`, async () => {
    for (const [where, specifier] of [
      [file, name],
      [file, `${name}/sub/path`],
      [testFile, name],
    ] as const) {
      const messages = await refusals(where, specifier);
      if (allowed) expect(messages, `${where} -> ${specifier}`).toEqual([]);
      else expect(messages.join('\n'), `${where} -> ${specifier}`).toContain('may import');
    }
  });

  it(`is ${allowed ? 'allowed' : 'refused'} by a relative path into it`, async () => {
    // From <folder>/src/area/: three levels up is the folder holding the package, four the repository root.
    const base = folder.split('/')[1];
    for (const specifier of [`../../../${base}/src/index`, `../../../../${folder}/src/index`]) {
      const messages = await refusals(file, specifier);
      if (allowed)
        expect(
          messages.filter((m) => m.includes('may import')),
          specifier,
        ).toEqual([]);
      else expect(messages.join('\n'), specifier).toContain('may import');
    }
  });
});

describe('the owners of the I/O clients', () => {
  const OWNED = [
    ['@modelcontextprotocol/sdk/client/index.js', 'mcp'],
    ['@prisma/client', 'db'],
    ['@prisma/adapter-pg', 'db'],
    ['bullmq', 'redis'],
    ['ioredis', 'redis'],
  ] as const;
  it.each(KEYS.flatMap((from) => OWNED.map(([dependency, owner]) => [from, dependency, owner] as const)))(
    '%s importing %s (owned by %s)',
    async (from, dependency, owner) => {
      const messages = await refusals(`${PACKAGES[from].folder}/src/area/fence-probe.ts`, dependency);
      if (from === owner) expect(messages).toEqual([]);
      else expect(messages.join('\n')).toMatch(/Only packages\/\w+ imports this|packages\/core is pure/);
    },
  );
});

describe("apps/web's `@/` alias", () => {
  it.each([
    ['apps/web/src/server/services/fence-probe.ts', true],
    ['apps/web/src/app/fence-probe.test.ts', true],
    ['test/http/fence-probe.test.ts', true],
    ['packages/core/src/area/fence-probe.ts', false],
    ['packages/mcp/src/area/fence-probe.ts', false],
    ['packages/db/src/area/fence-probe.test.ts', false],
    ['packages/redis/src/area/fence-probe.ts', false],
    ['packages/cli/src/area/fence-probe.ts', false],
    ['workers/runner/src/area/fence-probe.ts', false],
    ['scripts/bench/fence-probe.ts', false],
  ])('from %s: allowed %s', async (file, allowed) => {
    const messages = await refusals(file, '@/server/services/permissions');
    if (allowed) expect(messages).toEqual([]);
    else expect(messages.join('\n')).toContain('apps/web’s own alias');
  });

  it.each([
    ['../permissions', false],
    ['../../lib/format', false],
    ['./sibling', true],
    ['../../../../../test/db', true],
    ['../../../../package.json', true],
  ])('a relative import %s inside apps/web/src: allowed %s', async (specifier, allowed) => {
    const messages = await refusals('apps/web/src/server/services/area/fence-probe.ts', specifier);
    if (allowed) expect(messages).toEqual([]);
    else expect(messages.join('\n')).toContain('relative imports stay in their folder');
  });
});
