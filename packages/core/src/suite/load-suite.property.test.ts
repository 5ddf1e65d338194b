import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { EXPECT_KEYS } from '../check/expect-schema';
import { type LoadSuiteResult, loadSuite } from './load-suite';
import { SUITE_BLOCK_KEYS, SUITE_TRAJECTORY_KEYS, SuiteServerSchema } from './suite-schema';

/*
 * The loader is total: whatever the text, it returns a suite or located errors, never throws, and never falls back
 * to its "internal error" catch-all (which would mean a bug the property found).
 */

function checkShape(result: LoadSuiteResult, file: string): void {
  if (result.ok) {
    expect(result.suite.file).toBe(file);
    expect(result.suite.assertions.length).toBeGreaterThan(0);
    for (const assertion of result.suite.assertions) {
      expect(assertion.line).toBeGreaterThanOrEqual(1);
      expect(assertion.column).toBeGreaterThanOrEqual(1);
      expect(assertion.timeoutMs).toBeGreaterThan(0);
    }
    const names = result.suite.assertions.map((a) => a.name);
    expect(new Set(names).size).toBe(names.length);
    return;
  }
  expect(result.errors.length).toBeGreaterThan(0);
  for (const error of result.errors) {
    expect(error.file).toBe(file);
    expect(Number.isInteger(error.line) && error.line >= 1).toBe(true);
    expect(Number.isInteger(error.column) && error.column >= 1).toBe(true);
    expect(typeof error.message).toBe('string');
    expect(error.message).not.toMatch(/^internal error/);
  }
}

const KNOWN_KEYS = [
  'name',
  'server',
  'setup',
  'timeout',
  'skip',
  'skip_unless_env',
  'assertions',
  'fixture',
  'wire_schema',
  'tool',
  'args',
  'expect',
  'list',
  'read',
  'get',
  'type',
  'tools',
  'capture',
  ...SUITE_BLOCK_KEYS,
  ...SUITE_TRAJECTORY_KEYS,
  ...EXPECT_KEYS,
  ...Object.keys(SuiteServerSchema.shape),
];

/** YAML trees whose mappings mostly use real suite keys, so the generator reaches deep into the schema. */
const { tree } = fc.letrec<{ tree: unknown; node: unknown }>((tie) => ({
  tree: fc.dictionary(fc.oneof(fc.constantFrom(...KNOWN_KEYS), fc.string({ maxLength: 8 })), tie('node'), {
    maxKeys: 6,
  }),
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.jsonValue({ maxDepth: 1 }),
    fc.constantFrom(
      '15s',
      '2m',
      'soon',
      'http',
      'sse',
      'stdio',
      'order',
      'https://example.com/mcp',
      '$.id',
      'strict',
      'warn',
      true,
    ),
    tie('tree'),
    fc.array(tie('node'), { maxLength: 3 }),
  ),
}));

describe('loadSuite is total', () => {
  it('returns a suite or located errors for arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        checkShape(loadSuite(text, 'prop.yaml'), 'prop.yaml');
      }),
      { numRuns: 1000 },
    );
  });

  it('returns a suite or located errors for text made of YAML punctuation', () => {
    const piece = fc.constantFrom(
      'a',
      ':',
      ' ',
      '\n',
      '-',
      '[',
      ']',
      '{',
      '}',
      '&x',
      '*x',
      '<<',
      '"',
      "'",
      '#',
      '\t',
      '---',
      '!!str',
      '?',
      ',',
      '|',
      'assert',
      'tool',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), (pieces) => {
        checkShape(loadSuite(pieces.join(''), 'punct.yaml'), 'punct.yaml');
      }),
      { numRuns: 1000 },
    );
  });

  it('returns a suite or located errors for arbitrary YAML trees', () => {
    fc.assert(
      fc.property(fc.oneof(tree, fc.jsonValue()), (value) => {
        const text = stringify(value);
        checkShape(loadSuite(text, 'tree.yaml'), 'tree.yaml');
      }),
      { numRuns: 1000 },
    );
  });

  it('returns a suite or located errors for suite files with arbitrary items', () => {
    fc.assert(
      fc.property(fc.array(tree, { maxLength: 4 }), fc.option(tree), (items, defaults) => {
        const text = stringify({ ...(defaults as object | null), assertions: items });
        checkShape(loadSuite(text, 'suite.yaml'), 'suite.yaml');
      }),
      { numRuns: 500 },
    );
  });

  it('survives random edits of a valid file', () => {
    const valid = [
      'name: echo',
      'server: {url: "https://example.com/mcp", transport: http, headers: {A: "${T}"}}',
      'setup:',
      '  - tool: login',
      '    capture: {sid: $.id}',
      'assert:',
      '  tool: echo',
      '  args: {message: hi}',
      '  expect: {contains: [hi], not_error: true, json_path: {"$.a": 1}}',
      'timeout: 15s',
      '',
    ].join('\n');
    expect(loadSuite(valid, 'v.yaml').ok).toBe(true);
    const edit = fc.record({ at: fc.nat(valid.length), remove: fc.nat(4), insert: fc.string({ maxLength: 3 }) });
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 3 }), (edits) => {
        let text = valid;
        for (const { at, remove, insert } of edits) {
          const i = Math.min(at, text.length);
          text = text.slice(0, i) + insert + text.slice(i + remove);
        }
        checkShape(loadSuite(text, 'v.yaml'), 'v.yaml');
      }),
      { numRuns: 1000 },
    );
  });
});
