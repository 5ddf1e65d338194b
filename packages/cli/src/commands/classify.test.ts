import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { classifyCommand } from './classify';

const scratch = mkdtempSync(path.join(tmpdir(), 'mcptest-classify-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function file(name: string, content: unknown): string {
  const full = path.join(scratch, name);
  writeFileSync(full, typeof content === 'string' ? content : JSON.stringify(content));
  return full;
}

/** The tools of the records mock server (docs/exec-policy.md). */
const records = {
  tools: [
    {
      name: 'search_records',
      description: 'Find records matching a query.',
      annotations: { readOnlyHint: true },
      inputSchema: { type: 'object' },
    },
    { name: 'delete_record', description: 'Delete a record by id.', inputSchema: { type: 'object' } },
  ],
};

describe('mcptest classify', () => {
  it('prints the contract shape with --json (tools/list result)', async () => {
    const result = await classifyCommand([file('records.json', records), '--json']);
    expect(result).toMatchObject({ exitCode: 0, stderr: '' });
    expect(JSON.parse(result.stdout)).toEqual([
      { name: 'search_records', class: 'ReadOnly', source: 'annotation', live: 'Execute', generate: 'Execute' },
      { name: 'delete_record', class: 'Destructive', source: 'name', live: 'Refuse', generate: 'GenerateOnly' },
    ]);
  });

  it('accepts a bare array, and every class and source appears with its decisions', async () => {
    const tools = [
      { name: 'get_user' },
      { name: 'createUser' },
      { name: 'x', _meta: { 'mcp.dev/effect': 'read' } },
      { name: 'nuke', annotations: { destructiveHint: true } },
    ];
    const result = await classifyCommand(['--json', file('array.json', tools)]);
    expect(JSON.parse(result.stdout)).toEqual([
      { name: 'get_user', class: 'ReadOnlyPresumed', source: 'name', live: 'Execute', generate: 'Execute' },
      { name: 'createUser', class: 'Mutating', source: 'name', live: 'ExecuteOnce', generate: 'ExecuteOnce' },
      { name: 'x', class: 'ReadOnly', source: 'meta', live: 'Execute', generate: 'Execute' },
      { name: 'nuke', class: 'Destructive', source: 'annotation', live: 'Refuse', generate: 'GenerateOnly' },
    ]);
  });

  it.each([
    [['--trust', 'ignore'], { class: 'Destructive', source: 'name' }],
    [['--trust=cap'], { class: 'Destructive', source: 'name' }],
    [['--trust', 'trust'], { class: 'ReadOnly', source: 'annotation' }],
    [[], { class: 'ReadOnly', source: 'annotation' }],
  ])('%j changes what annotations are worth', async (flags, expected) => {
    const tools = [{ name: 'delete_cache', annotations: { readOnlyHint: true } }];
    const result = await classifyCommand([file('trust.json', tools), '--json', ...flags]);
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([expect.objectContaining(expected)]);
  });

  it('prints a readable table without --json', async () => {
    const result = await classifyCommand([file('table.json', records)]);
    expect(result.exitCode).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toMatch(/^NAME\s+CLASS\s+SOURCE\s+LIVE\s+GENERATE\s+WHY$/);
    expect(lines[1]).toMatch(
      /^search_records\s+ReadOnly\s+annotation\s+Execute\s+Execute\s+annotation readOnlyHint: true$/,
    );
    expect(lines[2]).toMatch(
      /^delete_record\s+Destructive\s+name\s+Refuse\s+GenerateOnly\s+name holds the destructive word "delete"$/,
    );
    expect(result.stdout).toContain('2 tools: 1 ReadOnly, 1 Destructive (annotation trust: trust)');
  });

  it('prints an empty array for no tools', async () => {
    expect((await classifyCommand([file('empty.json', { tools: [] }), '--json'])).stdout).toBe('[]\n');
  });

  it.each([
    [[], 'no tools file given'],
    [['a.json', 'b.json'], 'give exactly one tools file'],
    [['--trust'], '--trust needs a value'],
    [['x.json', '--trust', 'sometimes'], '--trust must be trust, ignore or cap, not "sometimes"'],
    [['x.json', '--execute-destructive'], 'unknown option --execute-destructive'],
  ])('exits 2 on usage error %j', async (args, message) => {
    const result = await classifyCommand(args);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`mcptest classify: ${message}`);
    expect(result.stderr).toContain('usage: mcptest classify');
  });

  it('exits 2 with located errors for bad input', async () => {
    const bad = file('bad.json', { tools: [{ name: 'ok' }, 3, { description: 'no name' }] });
    const result = await classifyCommand([bad]);
    expect(result).toEqual({
      exitCode: 2,
      stdout: '',
      stderr:
        `mcptest classify: ${bad}: tools[1]: expected a tool object, got a number\n` +
        `mcptest classify: ${bad}: tools[2].name: must be a non-empty string, got missing\n`,
    });
  });

  it('exits 2 for invalid JSON and a missing file', async () => {
    const invalid = await classifyCommand([file('invalid.json', '{"tools": [')]);
    expect(invalid.exitCode).toBe(2);
    expect(invalid.stderr).toMatch(/invalid\.json: \$: invalid JSON: /);
    const missing = await classifyCommand([path.join(scratch, 'nope.json')]);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain('nope.json: cannot read (no such file)');
  });

  it('shows help', async () => {
    expect(await classifyCommand(['--help'])).toMatchObject({ exitCode: 0, stderr: '' });
  });
});
