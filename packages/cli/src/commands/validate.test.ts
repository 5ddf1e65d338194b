import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadSuite } from '@mcptest/core';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../run-cli';
import { COMPAT_DIR } from '../../../../test/compat';

const compatDir = COMPAT_DIR;
const bin = path.resolve('node_modules/.bin/mcptest');

function yamlFilesUnder(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) return yamlFilesUnder(full);
      return /\.ya?ml$/.test(name) ? [full] : [];
    });
}

const compatFiles = yamlFilesUnder(compatDir);
const scratch = mkdtempSync(path.join(tmpdir(), 'mcptest-validate-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Writes `files` (relative path -> content) into a fresh directory under the scratch dir. */
function tree(name: string, files: Record<string, string>): string {
  const root = path.join(scratch, name);
  for (const [relative, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    writeFileSync(path.join(root, relative), content);
  }
  return root;
}

const VALID = 'name: echo\nassert:\n  tool: echo\n  args: {message: hi}\n  expect: {contains: [hi]}\n';

describe('the mcp-assert compatibility corpus', () => {
  it('is there (56 suite files in four folders)', () => {
    expect(compatFiles).toHaveLength(56);
  });

  it.each(compatFiles.map((file) => [path.relative(compatDir, file), file]))('%s loads', (_name, file) => {
    const result = loadSuite(readFileSync(file, 'utf8'), file);
    expect(result.ok ? [] : result.errors).toEqual([]);
    if (result.ok) expect(result.suite.assertions).toHaveLength(1);
  });

  it('loads with the meaning mcp-assert gives it', () => {
    const file = path.join(compatDir, 'memory/create_and_search.yaml');
    const result = loadSuite(readFileSync(file, 'utf8'), file);
    expect(result.ok && result.suite.assertions[0]).toMatchObject({
      kind: 'assert',
      name: 'create entities then search by name',
      server: { transport: 'stdio', command: 'npx', args: ['@modelcontextprotocol/server-memory'] },
      setup: [{ tool: 'create_entities' }],
      block: { tool: 'search_nodes', args: { query: 'Alice' }, expect: { not_error: true, not_empty: true } },
      timeoutMs: 15_000,
    });
  });

  it('`npx mcptest validate <the mcp-assert corpus>` exits 0', () => {
    const result = spawnSync(bin, ['validate', 'test/compat/mcp-assert'], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('ok  test/compat/mcp-assert/memory/create_and_search.yaml (1 assertion)\n');
    expect(result.stdout).toContain('56 files, 56 assertions: all valid');
  });
});

describe('mcptest validate', () => {
  it.each([
    [
      'typo key',
      'name: x\nassert:\n  tool: echo\n  expect:\n    contians: [a]\n',
      ':5:5: unknown key `contians`',
      'did you mean `contains`?',
    ],
    [
      'bad YAML',
      'name: x\nassert:\n  tool: echo\n  args: [1, 2\n',
      // Where the `[` was opened, not where the file ran out (issue 15: an unclosed bracket was reported a line late).
      ':4:9: invalid YAML: this `[` is never closed',
      'add the missing `]`',
    ],
    [
      'wrong type',
      'name: x\nassert:\n  tool: [echo]\n',
      ':3:9: `assert.tool`: expected a string, got a list',
      undefined,
    ],
    [
      'two blocks',
      'name: x\nassert: {tool: a}\nassert_prompts: {list: {}}\n',
      ':3:1: an assertion has exactly one block',
      'split it',
    ],
    [
      'unknown transport',
      'server: {url: "http://x.example/mcp", transport: ws}\nassert: {tool: a}\n',
      ':1:50: `server.transport`: unknown transport "ws"',
      'allowed: stdio, auto',
    ],
    ['bad duration', 'assert: {tool: a}\ntimeout: 15 secs\n', ':2:10: `timeout`: invalid duration', 'e.g. 15s, 2m'],
  ])('%s: exits 2 with file:line:col and a hint', async (name, content, located, hint) => {
    const file = path.join(tree(`broken-${name.replace(/\W/g, '-')}`, { 'suite.yaml': content }), 'suite.yaml');
    const result = await runCli(['validate', file]);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`${file}${located}`);
    if (hint) expect(result.stderr).toContain(hint);
    expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });

  it('spawned: a broken file exits 2 with file:line on stderr', () => {
    const dir = tree('spawned', { 'a.yaml': 'assert: {tool: a}\ntimeout: later\n' });
    const result = spawnSync(bin, ['validate', dir], { encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(`${path.join(dir, 'a.yaml')}:2:10: \`timeout\`: invalid duration "later"`);
  });

  it('recurses into directories, skipping fixtures, node_modules and hidden folders', async () => {
    const dir = tree('recurse', {
      'a.yaml': VALID,
      'nested/deeper/b.yml': `assertions:\n  - ${VALID.trim().split('\n').join('\n    ')}\n  - {name: two, assert: {tool: t}}\n`,
      'fixtures/data.yaml': 'not: [a, suite\n',
      'node_modules/pkg/x.yaml': 'junk: 1\n',
      '.hidden/x.yaml': 'junk: 1\n',
      'notes.txt': 'not yaml',
    });
    const result = await runCli(['validate', dir]);
    expect(result).toEqual({
      exitCode: 0,
      stdout: [
        `ok  ${path.join(dir, 'a.yaml')} (1 assertion)`,
        `ok  ${path.join(dir, 'nested/deeper/b.yml')} (2 assertions)`,
        '2 files, 3 assertions: all valid',
        '',
      ].join('\n'),
      stderr: '',
    });
  });

  it('says a suite has a conformance block, and accepts one without assertions', async () => {
    const dir = tree('conformance', { 'c.yaml': 'name: c\nconformance: { revision: 2025-11-25 }\n' });
    const result = await runCli(['validate', dir]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain(`ok  ${path.join(dir, 'c.yaml')} (0 assertions, conformance 2025-11-25)\n`);
  });

  it('checks every file and reports the good ones too when some fail', async () => {
    const dir = tree('mixed', { 'good.yaml': VALID, 'bad.yaml': 'assert: {tool: a}\nskip: maybe?\nskp: true\n' });
    const result = await runCli(['validate', dir]);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe(`ok  ${path.join(dir, 'good.yaml')} (1 assertion)\n`);
    expect(result.stderr).toBe(
      `${path.join(dir, 'bad.yaml')}:3:1: unknown key \`skp\` at the top level (did you mean \`skip\`?)\n` +
        'mcptest validate: 1 of 2 files with errors\n',
    );
  });

  it.each([
    [[], 'no suite files given'],
    [['--json'], 'unknown option --json'],
    [['/definitely/not/here'], '/definitely/not/here: no such file or directory'],
  ])('usage errors exit 2: %j', async (args, message) => {
    const result = await runCli(['validate', ...args]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(message);
  });

  it('refuses a file that is not YAML and a directory without suites', async () => {
    const dir = tree('empty', { 'readme.md': '# hi\n', 'fixtures/x.yaml': VALID });
    const result = await runCli(['validate', path.join(dir, 'readme.md'), dir]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(`${path.join(dir, 'readme.md')}: not a .yaml or .yml file`);
    expect(result.stderr).toContain(`${dir}: no .yaml or .yml files found`);
  });

  it('prints its usage with --help', async () => {
    const result = await runCli(['validate', '--help']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('usage: mcptest validate');
  });
});
