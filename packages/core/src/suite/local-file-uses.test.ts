import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadSuite } from './load-suite';
import { assertionLocalFileUse, describeLocalFileUse, findLocalFileUses, LOCAL_FILES_REFUSED } from './local-file-uses';

/** The uses of one YAML document, as `path (key|value, placeholder)` strings for compact tables. */
function uses(yaml: string): string[] {
  return findLocalFileUses(parse(yaml)).map(describeLocalFileUse);
}

describe('findLocalFileUses', () => {
  it.each<[string, string, string[]]>([
    [
      'a suite that only calls tools',
      'assertions:\n  - assert: { tool: t, args: { p: x }, expect: { contains: [x] } }',
      [],
    ],
    [
      'each file_* expectation, in any block with an expect',
      `assertions:
  - assert: { tool: t, expect: { file_contains: { /etc/passwd: x }, file_not_contains: { /proc/self/environ: KEY } } }
  - assert_sampling: { tool: t, mock_text: hi, expect: { file_not_exists: [/tmp/x] } }
  - assert_resources: { read: r, expect: { file_unchanged: [/etc/hostname] } }
  - assert_prompts: { list: {}, expect: { file_contains: { a: b } } }
  - assert_completion: { ref: { type: ref/prompt, name: p }, argument: { name: a, value: v }, expect: { file_not_exists: [a] } }`,
      [
        `\`assertions[0].assert.expect.file_contains\` ${LOCAL_FILES_REFUSED}`,
        `\`assertions[0].assert.expect.file_not_contains\` ${LOCAL_FILES_REFUSED}`,
        `\`assertions[1].assert_sampling.expect.file_not_exists\` ${LOCAL_FILES_REFUSED}`,
        `\`assertions[2].assert_resources.expect.file_unchanged\` ${LOCAL_FILES_REFUSED}`,
        `\`assertions[3].assert_prompts.expect.file_contains\` ${LOCAL_FILES_REFUSED}`,
        `\`assertions[4].assert_completion.expect.file_not_exists\` ${LOCAL_FILES_REFUSED}`,
      ],
    ],
    [
      'a trajectory audit_log (a one-assertion document)',
      'audit_log: /etc/hostname\ntrajectory: [{ type: presence, tools: [a] }]',
      [`\`audit_log\` ${LOCAL_FILES_REFUSED}`],
    ],
    [
      "the suite's fixture directory and {{fixture}} where it is rendered",
      `fixture: ./data
setup: [{ tool: s, args: { dir: '{{fixture}}' } }]
server: { command: srv, args: ['--root', '{{ fixture }}/x'], client_capabilities: { roots: ['{{fixture}}'] } }
assertions:
  - assert: { tool: t, args: { '{{fixture}}/a': 1, nested: [{ p: 'x{{fixture}}' }] } }
  - assert_resources: { read: 'file://{{fixture}}/r' }`,
      [
        `\`fixture\` ${LOCAL_FILES_REFUSED}`,
        `\`{{fixture}}\` in \`setup[0].args.dir\` ${LOCAL_FILES_REFUSED}`,
        `\`{{fixture}}\` in \`server.args[1]\` ${LOCAL_FILES_REFUSED}`,
        `\`{{fixture}}\` in \`server.client_capabilities.roots[0]\` ${LOCAL_FILES_REFUSED}`,
        `\`{{fixture}}\` in \`assertions[0].assert.args["{{fixture}}/a"]\` ${LOCAL_FILES_REFUSED}`,
        `\`{{fixture}}\` in \`assertions[0].assert.args.nested[0].p\` ${LOCAL_FILES_REFUSED}`,
        `\`{{fixture}}\` in \`assertions[1].assert_resources.read\` ${LOCAL_FILES_REFUSED}`,
      ],
    ],
    [
      'the same names as data: tool arguments, compared texts, inline traces',
      `assertions:
  - assert:
      tool: t
      args: { file_contains: /etc/passwd, audit_log: x, fixture: y }
      expect: { contains: ['{{fixture}}'], structured_content: { file_contains: 1 } }
  - assert_sampling: { tool: t, mock_text: '{{fixture}}' }
  - trace: [{ tool: read, args: { path: '{{fixture}}' } }]
    trajectory: [{ type: presence, tools: [read] }]`,
      [],
    ],
    ['not a mapping', '- a\n- b', []],
    ['a suite whose items are not mappings', 'assertions: [1, two]', []],
  ])('%s', (_name, yaml, expected) => {
    expect(uses(yaml)).toEqual(expected);
  });

  it('stops at 100 uses', () => {
    const args = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`k${i}`, '{{fixture}}']));
    expect(findLocalFileUses({ assertions: [{ assert: { tool: 't', args } }] })).toHaveLength(100);
  });
});

describe('assertionLocalFileUse', () => {
  function first(yaml: string): (string | undefined)[] {
    const loaded = loadSuite(yaml, 'suite.yaml');
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
    return loaded.suite.assertions.map((a) => {
      const use = assertionLocalFileUse(a);
      return use && describeLocalFileUse(use);
    });
  }

  it('finds the first use of each loaded assertion, the suite defaults it inherits included', () => {
    expect(
      first(`setup: [{ tool: s, args: { p: '{{fixture}}' } }]
assertions:
  - assert: { tool: t, expect: { file_contains: { /etc/passwd: root } } }
  - audit_log: /dev/zero
    trajectory: [{ type: presence, tools: [a] }]
  - trace: [{ tool: a }]
    trajectory: [{ type: presence, tools: [a] }]
  - server: { url: 'http://h/mcp', client_capabilities: { roots: ['{{fixture}}/w'] } }
    assert_logging: { tool: t }
`),
    ).toEqual([
      // The suite's setup comes first in every server assertion's setup.
      `\`{{fixture}}\` in \`setup[0].args.p\` ${LOCAL_FILES_REFUSED}`,
      `\`audit_log\` ${LOCAL_FILES_REFUSED}`,
      undefined,
      `\`{{fixture}}\` in \`setup[0].args.p\` ${LOCAL_FILES_REFUSED}`,
    ]);
    expect(
      first(`assertions:
  - server: { url: 'http://h/mcp', client_capabilities: { roots: ['{{fixture}}/w'] } }
    assert: { tool: t, expect: { file_not_exists: [a] } }
  - assert: { tool: t, args: { a: 1 }, expect: { contains: [x] } }
`),
    ).toEqual([`\`{{fixture}}\` in \`server.client_capabilities.roots[0]\` ${LOCAL_FILES_REFUSED}`, undefined]);
  });
});

describe('loadSuite with refuseLocalFiles', () => {
  it('reports each use at its key (or string) with line and column, code local_files, beside other errors', () => {
    const yaml = `name: leaks
fixture: data
assertions:
  - name: passwd
    assert:
      tool: t
      expect:
        file_contains: { /etc/passwd: x }
        contians: [y]
  - name: log
    audit_log: /etc/hostname
    trajectory: [{ type: presence, tools: [a] }]
  - name: args
    assert: { tool: t, args: { p: '{{fixture}}/x' } }
`;
    const loaded = loadSuite(yaml, 'suite.yaml', { refuseLocalFiles: true });
    expect(loaded.ok).toBe(false);
    if (loaded.ok) return;
    expect(loaded.errors.map((e) => [e.line, e.column, e.path, e.code, e.message])).toEqual([
      [2, 1, 'fixture', 'local_files', `\`fixture\` ${LOCAL_FILES_REFUSED}`],
      [
        8,
        9,
        'assertions[0].assert.expect.file_contains',
        'local_files',
        `\`assertions[0].assert.expect.file_contains\` ${LOCAL_FILES_REFUSED}`,
      ],
      [9, 9, 'assertions[0].assert.expect.contians', undefined, expect.stringContaining('unknown key `contians`')],
      [11, 5, 'assertions[1].audit_log', 'local_files', `\`assertions[1].audit_log\` ${LOCAL_FILES_REFUSED}`],
      [
        14,
        35,
        'assertions[2].assert.args.p',
        'local_files',
        `\`{{fixture}}\` in \`assertions[2].assert.args.p\` ${LOCAL_FILES_REFUSED}`,
      ],
    ]);
    expect(loaded.errors[0]?.hint).toContain('mcptest run');
  });

  it('locates keys reached through a merge key and checks every document of a multi-document file', () => {
    const yaml = `name: one
base: &base { file_not_exists: [/x] }
assert: { tool: t, expect: { <<: *base } }
---
name: two
audit_log: /dev/zero
trajectory: [{ type: presence, tools: [a] }]
`;
    const loaded = loadSuite(yaml, 'suite.yaml', { refuseLocalFiles: true });
    if (loaded.ok) throw new Error('expected errors');
    const local = loaded.errors.filter((e) => e.code === 'local_files');
    expect(local.map((e) => [e.line, e.column, e.path])).toEqual([
      [2, 15, 'assert.expect.file_not_exists'],
      [6, 1, 'audit_log'],
    ]);
  });

  it('loads the same suites as before without the option (the CLI)', () => {
    const yaml = 'fixture: d\nassertions:\n  - assert: { tool: t, expect: { file_contains: { a: b } } }\n';
    expect(loadSuite(yaml, 'suite.yaml').ok).toBe(true);
    expect(loadSuite(yaml, 'suite.yaml', { refuseLocalFiles: false }).ok).toBe(true);
    expect(loadSuite(yaml, 'suite.yaml', { refuseLocalFiles: true }).ok).toBe(false);
  });
});
