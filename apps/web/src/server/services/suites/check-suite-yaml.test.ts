// The editor's live check: the API's validation, as a list of positioned problems (no database).
import { describe, expect, it } from 'vitest';
import { checkSuiteYaml, MAX_SUITE_YAML_BYTES } from './check-suite-yaml';
import { validateSuiteYaml } from './validate-suite-input';

const VALID =
  'name: x\nassertions:\n  - name: a\n    assert:\n      tool: echo\n      args: { message: hi }\n      expect: { contains: [hi] }\n';

describe('checkSuiteYaml', () => {
  it.each([
    ['a valid suite', VALID, []],
    [
      'a misspelt key, with the loader hint',
      'assertions:\n  - name: a\n    assert: { tool: t, expect: { contians: [x] } }\n',
      [
        {
          line: 3,
          column: 34,
          message: 'unknown key `contians` in `assertions[0].assert.expect`',
          hint: 'did you mean `contains`?',
          field: 'assertions[0].assert.expect.contians',
        },
      ],
    ],
    [
      'broken YAML',
      'name: [\n',
      // At the `[` that is never closed, not where the text runs out.
      [expect.objectContaining({ line: 1, column: 7, message: expect.stringContaining('invalid YAML') })],
    ],
    ['an empty editor', '  \n', [expect.objectContaining({ line: 1, column: 1, message: 'the suite is empty' })]],
    [
      "keys that read the runner's files (hosted suites refuse them; only the CLI may)",
      'assertions:\n  - assert: { tool: t, expect: { file_contains: { /etc/passwd: x } } }\n' +
        '  - audit_log: /etc/hostname\n    trajectory: [{ type: presence, tools: [a] }]\n',
      [
        expect.objectContaining({
          line: 2,
          column: 34,
          code: 'local_files',
          field: 'assertions[0].assert.expect.file_contains',
          message: "`assertions[0].assert.expect.file_contains` reads the runner's local files; only the CLI may",
        }),
        expect.objectContaining({
          line: 3,
          column: 5,
          code: 'local_files',
          message: "`assertions[1].audit_log` reads the runner's local files; only the CLI may",
        }),
      ],
    ],
  ])('%s', (_name, yaml, expected) => {
    expect(checkSuiteYaml({ yaml })).toEqual(expected);
  });

  it('reports exactly the problems a save is refused with', () => {
    const yaml = 'assertions:\n  - name: a\n    assert: { tool: 3 }\n  - nme: b\n';
    const problems = checkSuiteYaml({ yaml });
    let details: unknown;
    try {
      validateSuiteYaml(yaml);
    } catch (error) {
      details = (error as { details?: unknown }).details;
    }
    expect(problems.length).toBeGreaterThan(1);
    expect(problems.map((p) => [p.line, p.column, p.message])).toEqual(
      (details as { line: number; column: number; message: string }[]).map((d) => [d.line, d.column, d.message]),
    );
  });

  it('refuses a suite above the API size limit before parsing it', () => {
    const yaml = `# ${'x'.repeat(MAX_SUITE_YAML_BYTES)}\n${VALID}`;
    expect(checkSuiteYaml({ yaml })).toEqual([
      expect.objectContaining({ line: 1, message: expect.stringContaining('512 KiB') }),
    ]);
  });
});
