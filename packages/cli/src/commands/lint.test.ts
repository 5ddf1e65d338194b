import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lintCommand } from './lint';

const scratch = mkdtempSync(path.join(tmpdir(), 'mcptest-lint-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function file(name: string, content: unknown): string {
  const full = path.join(scratch, name);
  writeFileSync(full, typeof content === 'string' ? content : JSON.stringify(content));
  return full;
}

const good = {
  name: 'search_records',
  description: 'Find records matching a query.',
  inputSchema: { type: 'object' },
  annotations: { readOnlyHint: true },
};
const warnOnly = { name: 'delete_record', description: 'Delete a record by id.', inputSchema: { type: 'object' } };
const broken = {
  name: 'get_x',
  description: 'Get the x value.',
  inputSchema: { type: 'object' },
  annotations: { readOnlyHint: 'yes' },
};

describe('mcptest lint', () => {
  it('exits 0 and says so when there is nothing to report', async () => {
    expect(await lintCommand([file('good.json', { tools: [good] })])).toEqual({
      exitCode: 0,
      stdout: '1 tool: no problems\n',
      stderr: '',
    });
  });

  it('exits 0 on warnings only, and prints them grouped by tool', async () => {
    const result = await lintCommand([file('warn.json', [good, warnOnly])]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe(
      '[1] delete_record\n' +
        '  warning  destructive-without-confirmation (_meta.mcp.dev/requiresConfirmation): the tool is classified Destructive; set _meta "mcp.dev/requiresConfirmation": true so clients ask before calling it\n' +
        '\n2 tools: 1 problem (0 errors, 1 warning, 0 infos)\n',
    );
  });

  it('exits 1 on an error finding', async () => {
    const result = await lintCommand([file('broken.json', { tools: [broken] })]);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain(
      '  error    annotations-malformed (annotations): readOnlyHint is a string ("yes"), not a boolean',
    );
  });

  it('prints a report with --json', async () => {
    const result = await lintCommand(['--json', file('json.json', { tools: [good, broken, { ...good }] })]);
    expect(result.exitCode).toBe(1);
    const report = JSON.parse(result.stdout);
    expect(report.tools).toBe(3);
    expect(report.summary).toEqual({ errors: 2, warnings: 0, infos: 0 });
    expect(report.findings).toEqual([
      {
        code: 'annotations-malformed',
        severity: 'error',
        tool: 'get_x',
        index: 1,
        field: 'annotations',
        message: 'readOnlyHint is a string ("yes"), not a boolean; all annotations are ignored for classification',
      },
      {
        code: 'duplicate-tool-name',
        severity: 'error',
        tool: 'search_records',
        index: 2,
        field: 'name',
        message: '"search_records" is also the name of the tool at index 0',
      },
    ]);
  });

  it.each([
    [[], 'no tools file given'],
    [['a.json', 'b.json'], 'give exactly one tools file'],
    [['a.json', '--fix'], 'unknown option --fix'],
  ])('exits 2 on usage error %j', async (args, message) => {
    const result = await lintCommand(args);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(`mcptest lint: ${message}`);
  });

  it('exits 2 with located errors for bad input', async () => {
    const bad = file('bad.json', [{ name: '' }]);
    expect(await lintCommand([bad])).toEqual({
      exitCode: 2,
      stdout: '',
      stderr: `mcptest lint: ${bad}: [0].name: must be a non-empty string, got an empty string\n`,
    });
  });
});
