import { describe, expect, it } from 'vitest';
import { ExecPolicy } from '../policy/exec-policy-schema';
import type { ToolDescriptor } from '../policy/tool-descriptor';
import { LINT_RULES, lintTools, type LintCode } from './lint-tools';

/** A tool that passes every lint; each row below changes one thing about it. */
const clean: ToolDescriptor = {
  name: 'search_records',
  title: 'Search records',
  description: 'Find records whose title matches a query.',
  inputSchema: {
    type: 'object',
    properties: { query: { type: 'string', description: 'Words to look for.' } },
    required: ['query'],
  },
  outputSchema: { type: 'object', properties: { count: { type: 'integer' } } },
  annotations: { title: 'Search records', readOnlyHint: true, openWorldHint: false },
  _meta: { 'mcp.dev/effect': 'read', 'mcp.dev/resultSensitivity': 'public' },
};

const destructive: ToolDescriptor = {
  name: 'delete_record',
  description: 'Delete a record by id.',
  inputSchema: { type: 'object', properties: { id: { type: 'string', description: 'Record id.' } }, required: ['id'] },
  annotations: { destructiveHint: true },
  _meta: { 'mcp.dev/requiresConfirmation': true },
};

const codes = (tools: ToolDescriptor[], policy?: ExecPolicy) => lintTools(tools, policy).map((f) => f.code);
const without = (key: keyof ToolDescriptor): ToolDescriptor => {
  const copy: ToolDescriptor = { ...clean };
  delete copy[key];
  return copy;
};

type Row = [code: LintCode, tools: ToolDescriptor[], field?: string, text?: string];

const rows: Row[] = [
  ['tool-name-invalid', [{ ...clean, name: 'search records' }], 'name', '" "'],
  ['tool-name-invalid', [{ ...clean, name: 'repo/search' }], 'name', '"/"'],
  ['tool-name-invalid', [{ ...clean, name: 'x'.repeat(129) }], 'name', '129 characters'],
  ['duplicate-tool-name', [clean, { ...clean }], 'name', 'index 0'],
  ['description-missing', [without('description')], 'description', 'no description'],
  ['description-missing', [{ ...clean, description: '   ' }], 'description', 'empty description'],
  ['description-missing', [{ ...clean, description: 42 }], 'description', 'a number'],
  ['description-too-short', [{ ...clean, description: 'Searches.' }], 'description', '1 word'],
  ['description-too-long', [{ ...clean, description: 'word '.repeat(300) }], 'description', '1500 characters'],
  ['input-schema-missing', [without('inputSchema')], 'inputSchema'],
  ['input-schema-not-object', [{ ...clean, inputSchema: { type: 'string' } }], 'inputSchema', 'type "string"'],
  ['input-schema-not-object', [{ ...clean, inputSchema: { properties: {} } }], 'inputSchema', 'type null'],
  ['input-schema-not-object', [{ ...clean, inputSchema: 'object' }], 'inputSchema', 'a string'],
  [
    'input-schema-required-unknown',
    [{ ...clean, inputSchema: { type: 'object', properties: {}, required: ['id'] } }],
    'inputSchema.required',
    '"id"',
  ],
  [
    'input-required-undescribed',
    [{ ...clean, inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } }],
    'inputSchema.properties.q',
  ],
  ['output-schema-not-object', [{ ...clean, outputSchema: { type: 'array' } }], 'outputSchema', 'type "array"'],
  [
    'annotations-malformed',
    [{ ...clean, annotations: { readOnlyHint: 'true' } }],
    'annotations',
    'readOnlyHint is a string',
  ],
  ['annotations-malformed', [{ ...clean, annotations: [] }], 'annotations', 'an array, not an object'],
  [
    'annotations-unknown-key',
    [{ ...clean, annotations: { readonlyHint: true } }],
    'annotations.readonlyHint',
    'did you mean "readOnlyHint"',
  ],
  [
    'annotations-contradictory',
    [{ ...clean, annotations: { readOnlyHint: true, destructiveHint: true } }],
    'annotations',
    'destructiveHint: true',
  ],
  [
    'annotations-contradictory',
    [{ ...clean, annotations: { readOnlyHint: true, idempotentHint: false } }],
    'annotations',
  ],
  ['title-conflict', [{ ...clean, annotations: { title: 'Find', readOnlyHint: true } }], 'annotations.title'],
  [
    'readonly-declared-destructive-name',
    [{ ...clean, name: 'delete_record', _meta: { 'mcp.dev/requiresConfirmation': true } }],
    'annotations.readOnlyHint',
    'destructive word "delete"',
  ],
  [
    'readonly-declared-destructive-name',
    [{ ...clean, name: 'purge_cache', annotations: undefined, _meta: { 'mcp.dev/effect': 'read' } }],
    '_meta.mcp.dev/effect',
    'mcp.dev/effect "read"',
  ],
  [
    'readonly-declared-mutating-name',
    [{ ...clean, name: 'send_report' }],
    'annotations.readOnlyHint',
    'mutating word "send"',
  ],
  [
    'not-readonly-unspecified-effect',
    [{ ...clean, name: 'reindex', annotations: { readOnlyHint: false }, _meta: undefined }],
    'annotations.readOnlyHint',
  ],
  [
    'meta-effect-conflicts-annotations',
    [{ ...clean, _meta: { 'mcp.dev/effect': 'write' } }],
    '_meta.mcp.dev/effect',
    'implies Mutating, the annotations ReadOnly',
  ],
  ['destructive-without-confirmation', [{ ...destructive, _meta: undefined }], '_meta.mcp.dev/requiresConfirmation'],
  [
    'destructive-without-confirmation',
    [{ ...destructive, _meta: { 'mcp.dev/requiresConfirmation': false } }],
    '_meta.mcp.dev/requiresConfirmation',
  ],
  ['meta-malformed', [{ ...clean, _meta: 'read' }], '_meta'],
  ['meta-unknown-value', [{ ...clean, _meta: { 'mcp.dev/effect': 'nuke' } }], '_meta.mcp.dev/effect', '"nuke"'],
  [
    'meta-unknown-value',
    [{ ...clean, _meta: { 'mcp.dev/resultSensitivity': 'secret' } }],
    '_meta.mcp.dev/resultSensitivity',
    'redacted',
  ],
  [
    'meta-unknown-value',
    [{ ...destructive, _meta: { 'mcp.dev/requiresConfirmation': 'yes' } }],
    '_meta.mcp.dev/requiresConfirmation',
  ],
  [
    'meta-unknown-key',
    [{ ...clean, _meta: { 'mcp.dev/efect': 'read' } }],
    '_meta.mcp.dev/efect',
    'did you mean "mcp.dev/effect"',
  ],
];

describe('lintTools', () => {
  it('finds nothing wrong with clean tools', () => {
    expect(lintTools([clean, destructive])).toEqual([]);
  });

  it('has a row for every rule', () => {
    expect(new Set(rows.map(([code]) => code))).toEqual(new Set(Object.keys(LINT_RULES)));
  });

  it.each(rows)('%s fires', (code, tools, field, text) => {
    const findings = lintTools(tools).filter((f) => f.code === code);
    expect(findings).toHaveLength(1);
    const [finding] = findings;
    expect(finding?.severity).toBe(LINT_RULES[code].severity);
    expect(finding?.field).toBe(field);
    expect(finding?.index).toBe(tools.length - 1);
    if (text !== undefined) expect(finding?.message).toContain(text);
  });

  it.each([
    ['a tool without parameters', { ...clean, inputSchema: { type: 'object' } }],
    [
      'required names a property a pattern may define',
      { ...clean, inputSchema: { type: 'object', patternProperties: { '^x': {} }, required: ['xa'] } },
    ],
    ['no outputSchema', without('outputSchema')],
    ['no annotations', without('annotations')],
    ['no _meta', without('_meta')],
    ['_meta keys of other vendors', { ...clean, _meta: { 'com.example/x': 1, ...(clean._meta as object) } }],
    [
      'readOnlyHint false on a mutating name',
      { ...clean, name: 'create_record', annotations: { readOnlyHint: false }, _meta: undefined },
    ],
    ['a Destructive tool the tenant marked ReadOnly', { ...destructive, annotations: undefined, _meta: undefined }],
  ] as const)('does not fire on %s', (label, tool) => {
    const policy = label.startsWith('a Destructive')
      ? ExecPolicy.parse({ overrides: [{ tool: 'delete_record', class: 'ReadOnly' }] })
      : undefined;
    expect(codes([tool], policy)).toEqual([]);
  });

  it('takes tenant words and trust from the policy', () => {
    const tool = { ...clean, name: 'archive_records' };
    expect(codes([tool])).toEqual([]);
    expect(codes([tool], ExecPolicy.parse({ destructive_words: ['archive'] }))).toEqual([
      'readonly-declared-destructive-name',
    ]);
    const named = { ...destructive, name: 'purge_records', annotations: { readOnlyHint: true }, _meta: undefined };
    expect(codes([named])).toEqual(['readonly-declared-destructive-name']);
    expect(codes([named], ExecPolicy.parse({ annotation_trust: 'cap' }))).toEqual([
      'readonly-declared-destructive-name',
      'destructive-without-confirmation',
    ]);
  });

  it('orders findings by tool, then by rule, with the tool and index', () => {
    const findings = lintTools([{ name: 'a b' }, clean, { name: 'drop', description: 'Drop.' }]);
    expect(findings.map((f) => [f.index, f.tool, f.code])).toEqual([
      [0, 'a b', 'tool-name-invalid'],
      [0, 'a b', 'description-missing'],
      [0, 'a b', 'input-schema-missing'],
      [2, 'drop', 'description-too-short'],
      [2, 'drop', 'input-schema-missing'],
      [2, 'drop', 'destructive-without-confirmation'],
    ]);
  });
});
