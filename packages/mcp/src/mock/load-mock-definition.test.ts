import { formatSuiteError } from '@mcptest/core';
import { describe, expect, it } from 'vitest';
import { loadMockDefinition } from './load-mock-definition';

const RECORDS = `mock_server:
  name: records
  tools:
    - name: search_records
      description: "Find records matching a query."
      annotations: { readOnlyHint: true }
      response: { content: [ { type: text, text: "0 records" } ] }
    - name: delete_record
      description: "Delete a record by id."
      response: { content: [ { type: text, text: "deleted" } ] }
`;

describe('loadMockDefinition: valid files', () => {
  it('loads the records example of issue 5 with the defaults applied', () => {
    const loaded = loadMockDefinition(RECORDS, 'records.yaml');
    expect(loaded).toEqual({
      ok: true,
      definition: {
        name: 'records',
        validate_arguments: true,
        tools: [
          {
            name: 'search_records',
            description: 'Find records matching a query.',
            annotations: { readOnlyHint: true },
            response: { content: [{ type: 'text', text: '0 records' }] },
          },
          {
            name: 'delete_record',
            description: 'Delete a record by id.',
            response: { content: [{ type: 'text', text: 'deleted' }] },
          },
        ],
      },
    });
  });

  it.each([
    ['a server with no tools', 'mock_server: { name: empty }', { name: 'empty', tools: [] }],
    [
      'an unquoted version and text number',
      'mock_server:\n  name: v\n  version: 1.5\n  tools: [{ name: t, response: { content: [{ type: text, text: 42 }] } }]',
      {
        version: '1.5',
        tools: [{ name: 't', response: { content: [{ type: 'text', text: '42' }] } }],
      },
    ],
    [
      'an error without a code (default -32603)',
      'mock_server:\n  name: e\n  tools: [{ name: t, error: { message: boom } }]',
      {
        tools: [{ name: 't', error: { code: -32603, message: 'boom' } }],
      },
    ],
    [
      'malformed annotations, kept as written',
      'mock_server:\n  name: m\n  tools: [{ name: t, annotations: { readOnlyHint: "yes" } }]',
      {
        tools: [{ name: 't', annotations: { readOnlyHint: 'yes' } }],
      },
    ],
    [
      'anchors and aliases',
      'mock_server:\n  name: a\n  tools:\n    - name: t1\n      response: &ok { content: [{ type: text, text: ok }] }\n    - name: t2\n      response: *ok',
      {
        tools: [
          { name: 't1', response: { content: [{ type: 'text', text: 'ok' }] } },
          { name: 't2', response: { content: [{ type: 'text', text: 'ok' }] } },
        ],
      },
    ],
  ])('loads %s', (_label, yaml, expected) => {
    const loaded = loadMockDefinition(yaml, 'm.yaml');
    expect(loaded.ok ? loaded.definition : loaded.errors).toMatchObject(expected);
  });
});

describe('loadMockDefinition: located errors', () => {
  it.each<[string, string, string]>([
    ['an empty file', '', 'm.yaml:1:1: empty file: no `mock_server:` found'],
    ['a comment-only file', '# nothing\n', 'm.yaml:1:1: empty file: no `mock_server:` found'],
    ['a list document', '- a\n', 'm.yaml:1:1: expected a mapping with `mock_server:`, got a list'],
    [
      'server keys at the top level',
      'name: x\ntools: []\n',
      'm.yaml:1:1: expected a mapping with `mock_server:`, got a mapping without it (indent `name`, `tools` under a top-level `mock_server:`)',
    ],
    // The located-YAML engine shared with the suite loader: at the opener, where the fix goes (was `m.yaml:3:1`).
    [
      'broken YAML',
      'mock_server:\n  name: [x\n',
      'm.yaml:2:9: invalid YAML: this `[` is never closed (a `]` is missing) (add the missing `]`)',
    ],
    [
      'a duplicate key',
      'mock_server:\n  name: a\n  name: b\n',
      'm.yaml:3:3: invalid YAML: Map keys must be unique (a key may appear only once in a mapping)',
    ],
    ['a tab as indentation', 'mock_server:\n\tname: a\n', '(indent with spaces; YAML does not allow tabs)'],
    [
      'a recursive alias',
      'mock_server:\n  name: a\n  tools: &t [ { name: x, response: { content: *t } } ]\n',
      'm.yaml:3:47: alias *t refers to a value that contains it (a recursive structure)',
    ],
    [
      'nesting deeper than the limit',
      `mock_server:\n  name: a\n  tools: ${'['.repeat(80)}${']'.repeat(80)}\n`,
      'nested more than 64 levels deep',
    ],
    [
      'an alias bomb',
      [
        'a: &a [x, x, x, x, x, x, x, x, x, x]',
        ...Array.from({ length: 6 }, (_, i) => {
          const p = String.fromCharCode(97 + i);
          const n = String.fromCharCode(98 + i);
          return `${n}: &${n} [${Array(10).fill(`*${p}`).join(', ')}]`;
        }),
        'mock_server: { name: a }',
      ].join('\n'),
      'aliases expand this document by more than 100000 values',
    ],
    [
      'two documents',
      'mock_server: { name: a }\n---\nmock_server: { name: b }\n',
      'm.yaml:2:1: a mock file holds one YAML document',
    ],
    [
      'an unknown top-level key',
      'mock_server: { name: a }\ntools: []\n',
      'm.yaml:2:1: unknown key `tools` at the top level (a mock file has one top-level key, `mock_server:`, and everything goes under it)',
    ],
    ['a missing name', 'mock_server:\n  tools: []\n', 'm.yaml:2:3: `mock_server`: missing required key `name`'],
    ['an empty name', 'mock_server:\n  name: ""\n', 'm.yaml:2:9: `mock_server.name`: must not be empty'],
    [
      'a misspelt tool key',
      'mock_server:\n  name: a\n  tools:\n    - name: t\n      respone: {}\n',
      'm.yaml:5:7: unknown key `respone` in `mock_server.tools[0]` (did you mean `response`?)',
    ],
    [
      'snake_case for a protocol field',
      'mock_server:\n  name: a\n  tools:\n    - name: t\n      input_schema: {}\n',
      'm.yaml:5:7: unknown key `input_schema` in `mock_server.tools[0]` (did you mean `inputSchema`?)',
    ],
    [
      'camelCase for an mcptest field',
      'mock_server:\n  name: a\n  tools:\n    - name: t\n      delayMs: 5\n',
      'm.yaml:5:7: unknown key `delayMs` in `mock_server.tools[0]` (did you mean `delay_ms`?)',
    ],
    [
      'an unknown key in a content block lists the keys of its type',
      'mock_server:\n  name: a\n  tools:\n    - name: t\n      response:\n        content:\n          - { type: image, data: x, mimeType: image/png, url: y }\n',
      'm.yaml:7:58: unknown key `url` in `mock_server.tools[0].response.content[0]` (allowed here: type, data, mimeType, annotations, _meta)',
    ],
    [
      'an unknown content type',
      'mock_server:\n  name: a\n  tools:\n    - name: t\n      response: { content: [ { type: txt, text: hi } ] }\n',
      'm.yaml:5:38: `mock_server.tools[0].response.content[0].type`: unknown content type "txt" (one of text, image, audio, resource_link, resource)',
    ],
    [
      'a wrong type',
      'mock_server:\n  name: a\n  tools:\n    - name: t\n      annotations: [readOnlyHint]\n',
      'm.yaml:5:20: `mock_server.tools[0].annotations`: expected a mapping, got a list',
    ],
    [
      'a negative delay',
      'mock_server:\n  name: a\n  tools:\n    - name: t\n      delay_ms: -5\n',
      'm.yaml:5:17: `mock_server.tools[0].delay_ms`: must be at least 0',
    ],
    [
      'a duplicate tool name',
      'mock_server:\n  name: a\n  tools:\n    - name: t\n    - name: t\n',
      'm.yaml:5:13: tool name "t" is already used on line 4',
    ],
    [
      'response and error together',
      'mock_server:\n  name: a\n  tools:\n    - name: t\n      response: {}\n      error: { message: x }\n',
      'm.yaml:6:7: a tool answers with `response` or `error`, not both',
    ],
    [
      'a case with neither response nor error',
      'mock_server:\n  name: a\n  tools:\n    - name: t\n      responses:\n        - when: { id: 1 }\n',
      'm.yaml:6:11: a case needs a `response` or an `error`',
    ],
    [
      'a case after a catch-all',
      'mock_server:\n  name: a\n  tools:\n    - name: t\n      responses:\n        - response: {}\n        - when: { id: 1 }\n          response: {}\n',
      'm.yaml:7:11: this case is never used: the case on line 6 has no `when` and answers every call',
    ],
    [
      'an embedded resource with neither text nor blob',
      'mock_server:\n  name: a\n  tools:\n    - name: t\n      response: { content: [ { type: resource, resource: { uri: "x://y" } } ] }\n',
      'm.yaml:5:58: `mock_server.tools[0].response.content[0].resource`: an embedded resource has either `text` or `blob`',
    ],
    [
      'a resource with text and blob',
      'mock_server:\n  name: a\n  resources:\n    - { uri: "x://y", name: y, text: a, blob: b }\n',
      'm.yaml:4:41: a resource has `text` or `blob`, not both',
    ],
    [
      'a bad prompt role',
      'mock_server:\n  name: a\n  prompts:\n    - name: p\n      messages: [ { role: system, content: { type: text, text: hi } } ]\n',
      'm.yaml:5:27: `mock_server.prompts[0].messages[0].role`: expected one of "user", "assistant"',
    ],
  ])('%s', (_label, yaml, expected) => {
    const loaded = loadMockDefinition(yaml, 'm.yaml');
    expect(loaded.ok).toBe(false);
    if (!loaded.ok) expect(loaded.errors.map(formatSuiteError)[0]).toContain(expected);
  });

  it('reports every error at once, in file order', () => {
    const yaml = 'mock_server:\n  name: a\n  tools:\n    - name: t\n      delay_ms: x\n    - descripton: y\n';
    const loaded = loadMockDefinition(yaml, 'm.yaml');
    expect(loaded.ok ? [] : loaded.errors.map((e) => [e.line, e.column, e.path])).toEqual([
      [5, 17, 'mock_server.tools[0].delay_ms'],
      [6, 7, 'mock_server.tools[1].name'],
      [6, 7, 'mock_server.tools[1].descripton'],
    ]);
  });
});
