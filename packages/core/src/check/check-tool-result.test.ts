import { describe, expect as assertThat, expect, it } from 'vitest';
import {
  EXPECTATION_ORDER,
  checkToolResult,
  compileGoRegex,
  filesToObserve,
  firstJsonValue,
  formatLikeGo,
  lookupPath,
  resultText,
  snapshotName,
  toolSnapshot,
  trimExcerpt,
  type CheckToolResultOptions,
  type ObservedFileStates,
  type ToolCallResultData,
  type ToolObservation,
} from './check-tool-result';
import { EXPECT_KEYS, Expect } from './expect-schema';

/** An observation of a result whose only content is one text block (or none, for undefined). */
function textResult(text: string | undefined, extra: Partial<ToolCallResultData> = {}): ToolCallResultData {
  return { content: text === undefined ? [] : [{ type: 'text', text }], ...extra };
}

function observe(result: ToolCallResultData, extra: Partial<Omit<ToolObservation, 'result'>> = {}): ToolObservation {
  return { result, durationMs: 10, ...extra };
}

/** Parses the expect block through the schema first, so every case is also a valid `expect:` block. */
function run(expectBlock: unknown, observation: ToolObservation, options?: CheckToolResultOptions) {
  const parsed = Expect.safeParse(expectBlock);
  if (!parsed.success) throw new Error(`test case has an invalid expect block: ${parsed.error.message}`);
  return checkToolResult(parsed.data, observation, options);
}

type Case = [label: string, expectBlock: unknown, observation: ToolObservation];
/** A RegExp message is for text that embeds a V8 error message, which differs between Node versions. */
type FailCase = [label: string, expectBlock: unknown, observation: ToolObservation, message: string | RegExp];

function table(name: string, passing: Case[], failing: FailCase[], expectation: string) {
  describe(name, () => {
    it.each(passing)('passes: %s', (_label, expectBlock, observation) => {
      assertThat(run(expectBlock, observation)).toEqual({ ok: true });
    });
    it.each(failing)('fails: %s', (_label, expectBlock, observation, message) => {
      const outcome = run(expectBlock, observation);
      assertThat(outcome.ok).toBe(false);
      if (outcome.ok) return;
      assertThat(outcome.failure.expectation).toBe(expectation);
      if (typeof message === 'string') assertThat(outcome.failure.message).toBe(message);
      else assertThat(outcome.failure.message).toMatch(message);
      assertThat(outcome.failure.expected).not.toBe('');
    });
  });
}

const text = (value: string, extra: Partial<ToolCallResultData> = {}) => observe(textResult(value, extra));
const present = (content: string) => ({ state: 'present', content }) as const;
const absent = { state: 'absent' } as const;
const withFiles = (files: Record<string, ObservedFileStates>, value = 'ok') => observe(textResult(value), { files });

table(
  'not_error',
  [
    ['isError absent', { not_error: true }, text('fine')],
    ['isError false', { not_error: true }, text('fine', { isError: false })],
    ['not_error: false ignores an error', { not_error: false }, text('boom', { isError: true })],
  ],
  [
    [
      'isError true with text',
      { not_error: true },
      text('disk full', { isError: true }),
      'expected no error but tool returned isError=true; server response: disk full',
    ],
    [
      'isError true without text',
      { not_error: true },
      observe({ content: [], isError: true }),
      'expected no error but tool returned isError=true',
    ],
  ],
  'not_error',
);

table(
  'is_error',
  [
    ['isError true', { is_error: true }, text('bad input', { isError: true })],
    ['is_error: false checks nothing', { is_error: false }, text('fine', { isError: true })],
  ],
  [
    ['isError absent', { is_error: true }, text('fine'), 'expected error but tool returned isError=false, got: fine'],
    [
      'isError is not the boolean true',
      { is_error: true },
      text('x', { isError: 'true' }),
      'expected error but tool returned isError=false, got: x',
    ],
  ],
  'is_error',
);

table(
  'not_empty',
  [
    ['text', { not_empty: true }, text('a')],
    ['zero is content', { not_empty: true }, text('0')],
    ['not_empty: false', { not_empty: false }, text('')],
  ],
  [
    ['no content', { not_empty: true }, observe({ content: [] }), 'expected non-empty result, got: ""'],
    ['whitespace', { not_empty: true }, text('  \n '), 'expected non-empty result, got: ""'],
    ['null', { not_empty: true }, text(' null '), 'expected non-empty result, got: "null"'],
    ['empty array', { not_empty: true }, text('[]'), 'expected non-empty result, got: "[]"'],
    ['empty object', { not_empty: true }, text('{}'), 'expected non-empty result, got: "{}"'],
    [
      'only an image',
      { not_empty: true },
      observe({ content: [{ type: 'image', data: 'aGk=', mimeType: 'image/png' } as never] }),
      'expected non-empty result, got: ""',
    ],
  ],
  'not_empty',
);

table(
  'equals',
  [
    ['exact', { equals: 'hello' }, text('hello')],
    ['surrounding whitespace on both sides ignored', { equals: ' hello\n' }, text('\nhello  ')],
    ['empty string', { equals: '' }, observe({ content: [] })],
  ],
  [
    ['different', { equals: 'hello' }, text('hullo'), 'expected exact match:\n  want: hello\n  got:  hullo'],
    ['case matters', { equals: 'Hello' }, text('hello'), 'expected exact match:\n  want: Hello\n  got:  hello'],
  ],
  'equals',
);

table(
  'contains',
  [
    ['all present', { contains: ['hello', 'world'] }, text('hello, world')],
    [
      'across text blocks',
      { contains: ['a\nb'] },
      observe({
        content: [
          { type: 'text', text: 'a' },
          { type: 'text', text: 'b' },
        ],
      }),
    ],
    ['empty list', { contains: [] }, text('')],
  ],
  [
    [
      'one missing',
      { contains: ['hello', 'moon'] },
      text('hello, world'),
      'expected result to contain "moon", got: hello, world',
    ],
    ['case-sensitive', { contains: ['Hello'] }, text('hello'), 'expected result to contain "Hello", got: hello'],
    [
      'text inside a resource block is not result text',
      { contains: ['secret'] },
      observe({
        content: [
          { type: 'text', text: 'see resource' },
          { type: 'resource', resource: { uri: 'file:///a', text: 'secret' } } as never,
          { type: 'resource_link', uri: 'file:///b', name: 'secret' } as never,
        ],
      }),
      'expected result to contain "secret", got: see resource',
    ],
  ],
  'contains',
);

table(
  'contains_any',
  [
    ['one of them', { contains_any: ['cat', 'dog'] }, text('hot dog')],
    ['empty list checks nothing', { contains_any: [] }, text('x')],
  ],
  [
    [
      'none',
      { contains_any: ['cat', 'dog'] },
      text('bird'),
      'expected result to contain at least one of ["cat","dog"], got: bird',
    ],
  ],
  'contains_any',
);

table(
  'not_contains',
  [
    ['absent', { not_contains: ['error', 'secret'] }, text('all good')],
    ['case-sensitive', { not_contains: ['Error'] }, text('error')],
  ],
  [
    [
      'present',
      { not_contains: ['ok', 'secret'] },
      text('the secret'),
      'expected result NOT to contain "secret", got: the secret',
    ],
    [
      'long text shows the part around the match',
      { not_contains: ['NEEDLE'] },
      text(`${'a'.repeat(100)}NEEDLE${'b'.repeat(100)}`),
      `expected result NOT to contain "NEEDLE", got: …${'a'.repeat(60)}NEEDLE${'b'.repeat(60)}…`,
    ],
  ],
  'not_contains',
);

table(
  'matches_regex',
  [
    ['simple', { matches_regex: ['\\d{3}-\\d{4}'] }, text('call 555-1234')],
    ['Go inline flag', { matches_regex: ['(?i)HELLO'] }, text('hello')],
    ['Go named group', { matches_regex: ['(?P<year>\\d{4})-'] }, text('2024-01')],
    ['anchors', { matches_regex: ['^ok$'] }, text('ok')],
    ['Go ungreedy flag', { matches_regex: ['(?U)^a+'] }, text('aaa')],
    ['Go end of text', { matches_regex: ['done\\z'] }, text('all done')],
    // RE2 matches in linear time: the classic catastrophic pattern ends at once (a JavaScript RegExp never does).
    ['nested quantifier on a match', { matches_regex: ['^(a+)+$'] }, text('a'.repeat(5000))],
  ],
  [
    ['no match', { matches_regex: ['^\\d+$'] }, text('abc'), 'expected result to match regex "^\\\\d+$", got: abc'],
    [
      'invalid pattern',
      { matches_regex: ['(unclosed'] },
      text('abc'),
      'matches_regex: invalid pattern "(unclosed": error parsing regexp: missing closing ): `(unclosed`',
    ],
    [
      'nested quantifier on 36 a and !: a plain no-match, not a frozen worker',
      { matches_regex: ['^(a+)+$'] },
      text(`${'a'.repeat(36)}!`),
      `expected result to match regex "^(a+)+$", got: ${'a'.repeat(36)}!`,
    ],
    [
      'backreference (RE2 has none)',
      { matches_regex: ['(a)\\1'] },
      text('aa'),
      'matches_regex: invalid pattern "(a)\\\\1": error parsing regexp: invalid escape sequence: `\\1`',
    ],
    [
      'lookahead (RE2 has none)',
      { matches_regex: ['a(?=b)'] },
      text('ab'),
      'matches_regex: invalid pattern "a(?=b)": error parsing regexp: invalid or unsupported Perl syntax: `(?=`',
    ],
  ],
  'matches_regex',
);

table(
  'in_order',
  [
    ['in order, not contiguous', { in_order: ['first', 'second', 'third'] }, text('first, then second, finally third')],
    ['repeated string needs two occurrences', { in_order: ['a', 'a'] }, text('a-a')],
  ],
  [
    [
      'out of order',
      { in_order: ['b', 'a'] },
      text('a b'),
      'in_order: "a" not found after position 3 in result, got: ',
    ],
    [
      'repeated string once',
      { in_order: ['ab', 'ab'] },
      text('xab'),
      'in_order: "ab" not found after position 3 in result, got: ',
    ],
    [
      'missing first',
      { in_order: ['zz'] },
      text('abc'),
      'in_order: "zz" not found after position 0 in result, got: abc',
    ],
  ],
  'in_order',
);

const person = JSON.stringify({ name: 'alice', age: 30, active: true, tags: ['a', 'b'], address: { city: 'Paris' } });

table(
  'json_path',
  [
    ['with $.', { json_path: { '$.name': 'alice' } }, text(person)],
    ['without $', { json_path: { name: 'alice', 'address.city': 'Paris' } }, text(person)],
    ['number vs number', { json_path: { '$.age': 30 } }, text(person)],
    ['number vs string (compared as %v)', { json_path: { '$.age': '30' } }, text(person)],
    ['boolean vs string', { json_path: { '$.active': 'true' } }, text(person)],
    ['[N] index', { json_path: { '$.tags[1]': 'b' } }, text(person)],
    ['array value', { json_path: { '$.tags': ['a', 'b'] } }, text(person)],
    ['object value, key order irrelevant', { json_path: { '$.o': { b: 1, a: 2 } } }, text('{"o":{"a":2,"b":1}}')],
    ['null', { json_path: { '$.x': null } }, text('{"x":null}')],
    ['nested arrays', { json_path: { '$.grid[1][0]': 3 } }, text('{"grid":[[1,2],[3,4]]}')],
    ['root array', { json_path: { '$[1].id': 2 } }, text('[{"id":1},{"id":2}]')],
    ['root', { json_path: { $: 'plain' } }, text('"plain"')],
    ['prose line before JSON', { json_path: { '$.ok': true } }, text('Here is the result:\n{"ok":true}')],
    ['JSON line before a hint', { json_path: { '$.ok': true } }, text('{"ok":true}\nNext step: call other_tool')],
    [
      'JSON in a second text block',
      { json_path: { '$.id': 7 } },
      observe({
        content: [
          { type: 'text', text: 'Created.' },
          { type: 'text', text: '{"id":7}' },
        ],
      }),
    ],
    [
      'pretty-printed JSON after prose',
      { json_path: { '$.items[1].name': 'b' } },
      text('Found 2 items:\n```json\n{\n  "items": [\n    {"name": "a"},\n    {"name": "b"}\n  ]\n}\n```'),
    ],
    ['brackets inside strings', { json_path: { '$.s': 'a]b}' } }, text('Result:\n{\n"s": "a]b}"\n}')],
    ['empty map checks nothing', { json_path: {} }, text('not json')],
  ],
  [
    ['wrong value', { json_path: { '$.name': 'bob' } }, text(person), 'json_path "$.name": want "bob", got "alice"'],
    ['number differs', { json_path: { '$.age': 31 } }, text(person), 'json_path "$.age": want 31, got 30'],
    ['missing field', { json_path: { '$.email': 'x' } }, text(person), 'json_path "$.email": field "email" not found'],
    [
      'index out of range',
      { json_path: { '$.tags[5]': 'x' } },
      text(person),
      'json_path "$.tags[5]": index 5 out of range (len=2)',
    ],
    [
      'index into a non-array',
      { json_path: { '$.name[0]': 'a' } },
      text(person),
      'json_path "$.name[0]": expected array at "name", got string',
    ],
    [
      'field of a non-object',
      { json_path: { '$.age.value': 1 } },
      text(person),
      'json_path "$.age.value": expected object at "value", got number',
    ],
    [
      'invalid index',
      { json_path: { '$.tags[x]': 'a' } },
      text(person),
      'json_path "$.tags[x]": invalid array index "[x]"',
    ],
    [
      'paths checked in sorted order',
      { json_path: { '$.z': 1, '$.a': 1 } },
      text('{"a":2,"z":2}'),
      'json_path "$.a": want 1, got 2',
    ],
    [
      'not JSON',
      { json_path: { '$.a': 1 } },
      text('plain words'),
      /^json_path: result is not valid JSON: Unexpected token .*; got: plain words$/,
    ],
    ['null vs missing', { json_path: { '$.x': null } }, text('{}'), 'json_path "$.x": field "x" not found'],
  ],
  'json_path',
);

table(
  'min_results / max_results',
  [
    ['top-level array', { min_results: 2, max_results: 3 }, text('[1,2,3]')],
    ['items key', { min_results: 1 }, text('{"items":[{"id":1}],"total":1}')],
    ['locations before items', { max_results: 1 }, text('{"items":[1,2,3],"locations":[1]}')],
    ['results key', { min_results: 2 }, text('{"results":[1,2]}')],
    ['references key', { min_results: 1 }, text('{"references":["r"]}')],
    ['symbols key', { min_results: 1 }, text('{"symbols":["s"]}')],
    ['zero allowed', { max_results: 0 }, text('[]')],
    ['null counts as zero', { max_results: 0 }, text('null')],
    ['array followed by a hint', { min_results: 2 }, text('[1,2]\nNext step: paginate')],
    ['non-array key skipped for the next', { min_results: 1 }, text('{"locations":null,"items":[1]}')],
  ],
  [
    ['too few', { min_results: 3 }, text('[1,2]'), 'expected at least 3 results, got 2'],
    ['too few in items', { min_results: 2 }, text('{"items":[1]}'), 'expected at least 2 results, got 1'],
    [
      'object without a list key',
      { min_results: 1 },
      text('{"data":[1,2]}'),
      'min/max_results: result is not an array or an object with a locations/items/results/references/symbols array, got: {"data":[1,2]}',
    ],
    [
      'not JSON',
      { min_results: 1 },
      text('three results'),
      'min/max_results: result is not an array or an object with a locations/items/results/references/symbols array, got: three results',
    ],
  ],
  'min_results',
);

describe('min/max_results failure names the bound that failed', () => {
  it('too many', () => {
    const outcome = run({ max_results: 1 }, text('{"results":[1,2]}'));
    assertThat(outcome).toMatchObject({
      ok: false,
      failure: { expectation: 'max_results', message: 'expected at most 1 results, got 2' },
    });
  });
  it('reports max_results when only the upper bound fails', () => {
    const outcome = run({ min_results: 1, max_results: 2 }, text('[1,2,3]'));
    assertThat(outcome).toMatchObject({ ok: false, failure: { expectation: 'max_results', got: '3' } });
  });
  it('reports max_results for an uncountable result when only max_results is set', () => {
    const outcome = run({ max_results: 2 }, text('"x"'));
    assertThat(outcome).toMatchObject({ ok: false, failure: { expectation: 'max_results' } });
  });
});

table(
  'net_delta',
  [
    ['zero', { net_delta: 0 }, text('{"net_delta":0,"errors":[]}')],
    ['negative', { net_delta: -2 }, text('{"net_delta":-2}')],
    ['fraction truncated like Go int()', { net_delta: 1 }, text('{"net_delta":1.9}')],
  ],
  [
    ['different', { net_delta: 0 }, text('{"net_delta":3}'), 'expected net_delta=0, got 3'],
    ['missing', { net_delta: 0 }, text('{"other":1}'), 'net_delta: field not found or not a number in result'],
    ['string', { net_delta: 0 }, text('{"net_delta":"0"}'), 'net_delta: field not found or not a number in result'],
    [
      'whole text must be JSON',
      { net_delta: 0 },
      text('{"net_delta":0}\nhint'),
      /^net_delta: result is not a JSON object: Unexpected non-whitespace character after JSON at position 16.*; got: \{"net_delta":0\}\nhint$/,
    ],
    ['array', { net_delta: 0 }, text('[]'), 'net_delta: result is not a JSON object: not a JSON object; got: []'],
  ],
  'net_delta',
);

table(
  'file_contains',
  [
    [
      'contains',
      { file_contains: { 'out.txt': 'hello' } },
      withFiles({ 'out.txt': { after: present('hello world') } }),
    ],
  ],
  [
    [
      'does not contain',
      { file_contains: { 'out.txt': 'bye' } },
      withFiles({ 'out.txt': { after: present('hello') } }),
      'file_contains: out.txt does not contain "bye", got: hello',
    ],
    [
      'missing file',
      { file_contains: { 'out.txt': 'x' } },
      withFiles({ 'out.txt': { after: absent } }),
      'file_contains: cannot read out.txt: no such file',
    ],
    [
      'unreadable',
      { file_contains: { 'out.txt': 'x' } },
      withFiles({ 'out.txt': { after: { state: 'unreadable', reason: 'EACCES: permission denied' } } }),
      'file_contains: cannot read out.txt: EACCES: permission denied',
    ],
    [
      'not observed',
      { file_contains: { 'out.txt': 'x' } },
      withFiles({}),
      'file_contains: cannot read out.txt: not observed by the executor',
    ],
    [
      'paths in sorted order',
      { file_contains: { 'b.txt': 'x', 'a.txt': 'x' } },
      withFiles({ 'a.txt': { after: present('') }, 'b.txt': { after: present('') } }),
      'file_contains: a.txt does not contain "x", got: ',
    ],
  ],
  'file_contains',
);

table(
  'file_not_contains',
  [
    [
      'absent substring',
      { file_not_contains: { 'a.txt': 'secret' } },
      withFiles({ 'a.txt': { after: present('public') } }),
    ],
  ],
  [
    [
      'present substring',
      { file_not_contains: { 'a.txt': 'secret' } },
      withFiles({ 'a.txt': { after: present('my secret') } }),
      'file_not_contains: a.txt contains "secret": my secret',
    ],
    [
      'missing file fails (as in mcp-assert)',
      { file_not_contains: { 'a.txt': 'secret' } },
      withFiles({ 'a.txt': { after: absent } }),
      'file_not_contains: cannot read a.txt: no such file',
    ],
  ],
  'file_not_contains',
);

table(
  'file_not_exists',
  [['absent', { file_not_exists: ['gone.txt'] }, withFiles({ 'gone.txt': { after: absent } })]],
  [
    [
      'exists',
      { file_not_exists: ['gone.txt'] },
      withFiles({ 'gone.txt': { after: present('') } }),
      'file_not_exists: expected gone.txt not to exist, but it does',
    ],
    [
      'unreadable is not proof of absence',
      { file_not_exists: ['gone.txt'] },
      withFiles({ 'gone.txt': { after: { state: 'unreadable', reason: 'EACCES' } } }),
      'file_not_exists: error checking gone.txt: EACCES',
    ],
    [
      'not observed',
      { file_not_exists: ['gone.txt'] },
      withFiles({}),
      'file_not_exists: error checking gone.txt: not observed by the executor',
    ],
  ],
  'file_not_exists',
);

table(
  'file_unchanged',
  [
    [
      'same content',
      { file_unchanged: ['c.json'] },
      withFiles({ 'c.json': { before: present('{"a":1}'), after: present('{"a":1}') } }),
    ],
  ],
  [
    [
      'modified',
      { file_unchanged: ['c.json'] },
      withFiles({ 'c.json': { before: present('{"a":1}'), after: present('{"a":2}') } }),
      'file_unchanged: c.json was modified (first difference at character 5): was "{\\"a\\":1}", now "{\\"a\\":2}"',
    ],
    [
      'deleted',
      { file_unchanged: ['c.json'] },
      withFiles({ 'c.json': { before: present('x'), after: absent } }),
      'file_unchanged: cannot read c.json after the call: no such file',
    ],
    [
      'did not exist before',
      { file_unchanged: ['c.json'] },
      withFiles({ 'c.json': { before: absent, after: absent } }),
      'file_unchanged: cannot read c.json before the call: no such file',
    ],
    [
      'before not observed',
      { file_unchanged: ['c.json'] },
      withFiles({ 'c.json': { after: present('x') } }),
      'file_unchanged: cannot read c.json before the call: not observed by the executor',
    ],
  ],
  'file_unchanged',
);

table(
  'min_progress',
  [
    ['enough', { min_progress: 2 }, observe(textResult('ok'), { progressNotifications: 3 })],
    ['not captured: not checked (mcp-assert without capture_progress)', { min_progress: 2 }, text('ok')],
  ],
  [
    [
      'too few',
      { min_progress: 2 },
      observe(textResult('ok'), { progressNotifications: 1 }),
      'expected at least 2 progress notification(s), got 1',
    ],
  ],
  'min_progress',
);

const countSchema = {
  type: 'object',
  properties: { count: { type: 'integer' } },
  required: ['count'],
};

table(
  'output_schema',
  [
    [
      '2020-12 by default',
      { output_schema: true },
      observe(textResult('{}', { structuredContent: { count: 1 } }), { outputSchema: countSchema }),
    ],
    [
      'draft-07 tuple items',
      { output_schema: true },
      observe(textResult('', { structuredContent: { pair: ['a', 1] } }), {
        outputSchema: {
          $schema: 'http://json-schema.org/draft-07/schema#',
          type: 'object',
          properties: { pair: { type: 'array', items: [{ type: 'string' }, { type: 'number' }] } },
        },
      }),
    ],
    [
      '2020-12 prefixItems',
      { output_schema: true },
      observe(textResult('', { structuredContent: { pair: ['a', 1] } }), {
        outputSchema: {
          $schema: 'https://json-schema.org/draft/2020-12/schema',
          type: 'object',
          properties: { pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }] } },
        },
      }),
    ],
    [
      'unknown keywords tolerated',
      { output_schema: true },
      observe(textResult('', { structuredContent: { count: 1 } }), { outputSchema: { ...countSchema, 'x-vendor': 1 } }),
    ],
    ['output_schema: false checks nothing', { output_schema: false }, text('x')],
  ],
  [
    [
      'mismatch',
      { output_schema: true },
      observe(textResult('', { structuredContent: { count: 'one' } }), { outputSchema: countSchema }),
      'output_schema: structuredContent does not match the outputSchema: structuredContent/count must be integer',
    ],
    [
      'draft-07 semantics chosen by $schema',
      { output_schema: true },
      observe(textResult('', { structuredContent: { pair: [1, 'a'] } }), {
        outputSchema: {
          $schema: 'http://json-schema.org/draft-07/schema#',
          type: 'object',
          properties: { pair: { type: 'array', items: [{ type: 'string' }, { type: 'number' }] } },
        },
      }),
      'output_schema: structuredContent does not match the outputSchema: structuredContent/pair/0 must be string',
    ],
    [
      'missing structuredContent',
      { output_schema: true },
      observe(textResult('{"count":1}'), { outputSchema: countSchema }),
      'output_schema: the tool declares an outputSchema but the result has no structuredContent',
    ],
    [
      'no outputSchema',
      { output_schema: true },
      observe(textResult('', { structuredContent: { count: 1 } })),
      'output_schema: the tool declares no outputSchema',
    ],
    [
      'invalid schema',
      { output_schema: true },
      observe(textResult('', { structuredContent: {} }), { outputSchema: { type: 'strng' } }),
      "output_schema: the tool's outputSchema is invalid: type must be JSONType or JSONType[]: strng",
    ],
    [
      // A server's own catastrophic pattern is matched by RE2: a plain mismatch, at once.
      'catastrophic pattern from the server',
      { output_schema: true },
      observe(textResult('', { structuredContent: { id: `${'a'.repeat(36)}!` } }), {
        outputSchema: { type: 'object', properties: { id: { type: 'string', pattern: '^(a+)+$' } } },
      }),
      'output_schema: structuredContent does not match the outputSchema: structuredContent/id must match pattern "^(a+)+$"',
    ],
    [
      'a pattern RE2 cannot run',
      { output_schema: true },
      observe(textResult('', { structuredContent: { id: 'ab' } }), {
        outputSchema: { type: 'object', properties: { id: { type: 'string', pattern: 'a(?!c)' } } },
      }),
      /^output_schema: the tool's outputSchema is invalid: pattern "a\(\?!c\)" is not supported: patterns are matched by RE2, in linear time, without lookaround or backreferences/,
    ],
  ],
  'output_schema',
);

describe('output_schema caching', () => {
  it('validates two schemas sharing an $id independently, and re-uses a compiled schema', () => {
    const a = { $id: 'https://example.com/out.json', type: 'object', required: ['a'] };
    const b = { $id: 'https://example.com/out.json', type: 'object', required: ['b'] };
    const check = (schema: object, structuredContent: object) =>
      run({ output_schema: true }, observe(textResult('', { structuredContent }), { outputSchema: schema })).ok;
    assertThat([check(a, { a: 1 }), check(b, { b: 1 }), check(a, { b: 1 }), check(b, { a: 1 })]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});

table(
  'structured_content',
  [
    [
      'paths',
      { structured_content: { '$.user.name': 'alice', 'items[0]': 1 } },
      observe(textResult('', { structuredContent: { user: { name: 'alice' }, items: [1] } })),
    ],
    [
      'ignores the text',
      { structured_content: { '$.n': 1 } },
      observe(textResult('{"n":2}', { structuredContent: { n: 1 } })),
    ],
  ],
  [
    [
      'wrong value',
      { structured_content: { '$.n': 1 } },
      observe(textResult('{"n":1}', { structuredContent: { n: 2 } })),
      'structured_content "$.n": want 1, got 2',
    ],
    [
      'missing',
      { structured_content: { '$.n': 1 } },
      text('{"n":1}'),
      'structured_content: the result has no structuredContent',
    ],
    [
      'missing field',
      { structured_content: { '$.m': 1 } },
      observe(textResult('', { structuredContent: { n: 1 } })),
      'structured_content "$.m": field "m" not found',
    ],
  ],
  'structured_content',
);

table(
  'max_ms',
  [
    ['within budget', { max_ms: 100 }, observe(textResult('ok'), { durationMs: 99.6 })],
    ['exactly the budget', { max_ms: 100 }, observe(textResult('ok'), { durationMs: 100 })],
  ],
  [
    [
      'over budget',
      { max_ms: 100 },
      observe(textResult('ok'), { durationMs: 250.4 }),
      'expected the call to take at most 100 ms, took 250 ms',
    ],
  ],
  'max_ms',
);

describe('snapshot', () => {
  const result = textResult('hello', { structuredContent: { b: 1, a: [1, 2] } });
  const stored = { text: 'hello', isError: false, structuredContent: { a: [1, 2], b: 1 } };

  it.each([
    ['matches (key order ignored)', { snapshot: stored }, { ok: true }],
    ['update mode, unchanged: nothing to write', { snapshot: stored, updateSnapshots: true }, { ok: true }],
    ['update mode, missing: records', { updateSnapshots: true }, { ok: true, snapshotUpdate: toolSnapshot(result) }],
    [
      'update mode, changed: rewrites',
      { snapshot: { ...stored, text: 'bye' }, updateSnapshots: true },
      { ok: true, snapshotUpdate: toolSnapshot(result) },
    ],
  ] as const)('%s', (_label, options, outcome) => {
    assertThat(run({ snapshot: true }, observe(result), options)).toEqual(outcome);
  });

  it.each([
    ['missing', {}, 'snapshot: no stored snapshot; run in update mode to record one'],
    [
      'text differs',
      { snapshot: { ...stored, text: 'help' } },
      'snapshot: text differs from the stored snapshot at character 3: want "help", got "hello"',
    ],
    [
      'isError differs',
      { snapshot: { ...stored, isError: true } },
      'snapshot: response differs from the stored snapshot: want isError=true, got isError=false',
    ],
    [
      'structuredContent differs',
      { snapshot: { ...stored, structuredContent: { a: [1], b: 1 } } },
      'snapshot: structuredContent differs from the stored snapshot: want {"a":[1],"b":1}, got {"a":[1,2],"b":1}',
    ],
    ['malformed stored value', { snapshot: { text: 1 } }, 'snapshot: the stored snapshot is malformed'],
  ] as const)('fails: %s', (_label, options, message) => {
    const outcome = run({ snapshot: { name: 'custom' } }, observe(result), options);
    assertThat(outcome).toMatchObject({ ok: false, failure: { expectation: 'snapshot', message } });
  });

  it('is not consulted when the expect block has no snapshot', () => {
    assertThat(run({ contains: ['hello'] }, observe(result), { snapshot: { text: 'other', isError: false } })).toEqual({
      ok: true,
    });
  });

  it('runs after every other expectation', () => {
    const outcome = run({ snapshot: true, contains: ['absent'] }, observe(result), { updateSnapshots: true });
    assertThat(outcome).toMatchObject({ ok: false, failure: { expectation: 'contains' } });
  });

  it.each([
    [true, 'a1', 'a1'],
    [{ name: 'shared' }, 'a1', 'shared'],
    [{}, 'a1', 'a1'],
    [false, 'a1', undefined],
    [undefined, 'a1', undefined],
  ] as const)('snapshotName(%j, %s) = %s', (snapshot, name, key) => {
    assertThat(snapshotName(Expect.parse({ snapshot }), name)).toBe(key);
  });
});

describe('evaluation order', () => {
  it.each([
    [
      'not_error guards content checks',
      { not_error: true, contains: ['x'] },
      text('err', { isError: true }),
      'not_error',
    ],
    ['is_error before not_empty', { not_empty: true, is_error: true }, text(''), 'is_error'],
    ['not_empty before equals', { equals: 'x', not_empty: true }, text(''), 'not_empty'],
    ['equals before contains', { contains: ['y'], equals: 'x' }, text('z'), 'equals'],
    ['contains before contains_any', { contains_any: ['q'], contains: ['y'] }, text('z'), 'contains'],
    ['contains_any before not_contains', { not_contains: ['z'], contains_any: ['q'] }, text('z'), 'contains_any'],
    ['not_contains before matches_regex', { matches_regex: ['q'], not_contains: ['z'] }, text('z'), 'not_contains'],
    ['matches_regex before json_path', { json_path: { a: 1 }, matches_regex: ['q'] }, text('z'), 'matches_regex'],
    ['json_path before min_results', { min_results: 5, json_path: { a: 1 } }, text('[]'), 'json_path'],
    ['min_results before net_delta', { net_delta: 1, min_results: 5 }, text('[]'), 'min_results'],
    [
      'net_delta before file_contains',
      { file_contains: { f: 'x' }, net_delta: 1 },
      withFiles({}, '{"net_delta":0}'),
      'net_delta',
    ],
    [
      'file_contains before file_not_contains',
      { file_not_contains: { f: 'x' }, file_contains: { f: 'y' } },
      withFiles({ f: { after: present('x') } }),
      'file_contains',
    ],
    [
      'file_not_contains before file_not_exists',
      { file_not_exists: ['f'], file_not_contains: { f: 'x' } },
      withFiles({ f: { after: present('x') } }),
      'file_not_contains',
    ],
    [
      'file_not_exists before in_order',
      { in_order: ['q'], file_not_exists: ['f'] },
      withFiles({ f: { after: present('') } }),
      'file_not_exists',
    ],
    ['in_order before file_unchanged', { file_unchanged: ['f'], in_order: ['q'] }, withFiles({}), 'in_order'],
    [
      'file_unchanged before min_progress',
      { min_progress: 1, file_unchanged: ['f'] },
      observe(textResult('ok'), { files: {}, progressNotifications: 0 }),
      'file_unchanged',
    ],
    [
      'min_progress before output_schema',
      { output_schema: true, min_progress: 1 },
      observe(textResult('ok'), { progressNotifications: 0 }),
      'min_progress',
    ],
    [
      'output_schema before structured_content',
      { structured_content: { a: 1 }, output_schema: true },
      text('ok'),
      'output_schema',
    ],
    ['structured_content before max_ms', { max_ms: 1, structured_content: { a: 1 } }, text('ok'), 'structured_content'],
  ] as const)('%s', (_label, expectBlock, observation, first) => {
    const outcome = run(expectBlock, observation);
    assertThat(outcome).toMatchObject({ ok: false, failure: { expectation: first } });
  });

  it('lists every expect key exactly once', () => {
    assertThat([...EXPECTATION_ORDER].sort()).toEqual([...EXPECT_KEYS].sort());
  });
});

describe('is_error and not_error', () => {
  // Only one of the two can fail for a given result, so their relative order is unobservable; together they always fail.
  it.each([
    [true, 'not_error'],
    [false, 'is_error'],
  ] as const)('both set, isError=%s: %s fails', (isError, expectation) => {
    const outcome = run({ is_error: true, not_error: true }, text('e', { isError }));
    assertThat(outcome).toMatchObject({ ok: false, failure: { expectation } });
  });
});

describe('isError without not_error or is_error', () => {
  it('does not fail by itself: content checks run on the error text (as mcp-assert)', () => {
    assertThat(run({ contains: ['not found'] }, text('file not found', { isError: true }))).toEqual({ ok: true });
  });
  it('passes an empty expect block', () => {
    assertThat(run({}, text('anything', { isError: true }))).toEqual({ ok: true });
  });
  it('is_error with content checks checks the error text', () => {
    const outcome = run({ is_error: true, contains: ['ENOENT'] }, text('permission denied', { isError: true }));
    assertThat(outcome).toMatchObject({ ok: false, failure: { expectation: 'contains', got: 'permission denied' } });
  });
});

describe('trimming', () => {
  const long = 'x'.repeat(500);

  it('cuts excerpts at 200 characters with an ellipsis', () => {
    const outcome = run({ contains: ['y'] }, text(long));
    assertThat(outcome).toMatchObject({ ok: false, failure: { got: `${'x'.repeat(200)}…` } });
    if (!outcome.ok)
      assertThat(outcome.failure.message).toBe(`expected result to contain "y", got: ${'x'.repeat(200)}…`);
  });

  it.each([
    ['short', 'abc', 'abc'],
    ['exactly 200', 'a'.repeat(200), 'a'.repeat(200)],
    ['201', 'a'.repeat(201), `${'a'.repeat(200)}…`],
    // 150 emoji are 300 UTF-16 units but 150 characters: not cut, and never split a surrogate pair.
    ['astral characters counted as one', '😀'.repeat(150), '😀'.repeat(150)],
    ['astral characters cut whole', '😀'.repeat(201), `${'😀'.repeat(200)}…`],
  ])('trimExcerpt: %s', (_label, input, output) => {
    assertThat(trimExcerpt(input)).toBe(output);
  });

  it('trims equals on both sides', () => {
    const outcome = run({ equals: long }, text(`${long}!`));
    assertThat(outcome).toMatchObject({
      ok: false,
      failure: { expected: `${'x'.repeat(200)}…`, got: `${'x'.repeat(200)}…` },
    });
  });

  it('trims json_path values', () => {
    const outcome = run({ json_path: { a: 'short' } }, text(JSON.stringify({ a: long })));
    if (outcome.ok) throw new Error('expected a failure');
    assertThat(outcome.failure.got).toBe(`"${'x'.repeat(199)}…`);
  });
});

describe('resultText', () => {
  it.each([
    [
      'joins text blocks with newlines',
      [
        { type: 'text', text: 'a' },
        { type: 'text', text: 'b' },
      ],
      'a\nb',
    ],
    [
      'skips image and audio blocks',
      [
        { type: 'image', data: 'x' },
        { type: 'text', text: 'a' },
        { type: 'audio', data: 'y' },
      ],
      'a',
    ],
    [
      'skips a text block without a string',
      [
        { type: 'text', text: 3 },
        { type: 'text', text: 'a' },
      ],
      'a',
    ],
    ['no content', undefined, ''],
  ] as const)('%s', (_label, content, joined) => {
    assertThat(resultText({ content })).toBe(joined);
  });
});

describe('firstJsonValue', () => {
  it.each([
    ['whole text', '{"a":1}', { a: 1 }],
    ['first valid line wins over later ones', 'x\n[1]\n[2]', [1]],
    ['prose then pretty JSON', 'Result:\n{\n  "a": [\n    1\n  ]\n}\ntrailer', { a: [1] }],
    ['escaped quote in a string', 'r:\n{\n"a": "x\\"}"\n}', { a: 'x"}' }],
    ['pretty JSON after an unclosed line', '[1/3 loading\n{\n"a": 1\n}', { a: 1 }],
    ['pretty JSON after a broken string', '"x\n{\n"a": 1\n}', { a: 1 }],
    ['pattern of JSON spans that close', '[x]\n[y]\n{"a":\n 2}', { a: 2 }],
    // Hostile answers: 20,000 lines opening a bracket. Scanning to the end from each of them was quadratic (seconds);
    // one pass finds each line's span, and only spans that do not overlap are parsed.
    ['20k unclosed `[` lines, then a value', `${'[\n'.repeat(20_000)}{"a":\n3}`, { a: 3 }],
    ['20k unclosed `{` lines, then a one-line value', `${'{\n'.repeat(20_000)}[4]`, [4]],
    ['20k closed spans that are not JSON, then a value', `${'[x\n'.repeat(20_000)}${']\n'.repeat(20_000)}[5]`, [5]],
  ] as const)('%s', (_label, input, value) => {
    assertThat(firstJsonValue(input)).toEqual({ ok: true, value });
  });

  it.each([
    ['20k unclosed `[` lines', `x\n${'[\n'.repeat(20_000)}`],
    ['20k `[` lines each closed by the end', `x\n${'[\n'.repeat(20_000)}y${']'.repeat(20_000)}`],
    ['20k `{` lines with strings broken by line breaks', `x\n${'{"\n'.repeat(20_000)}`],
  ])('finds nothing in %s, with the whole text error', (_label, input) => {
    assertThat(firstJsonValue(input)).toEqual({ ok: false, error: expect.any(String) });
  });

  it('fails with the whole text parse error when nothing parses', () => {
    assertThat(firstJsonValue('no json {here')).toMatchObject({ ok: false });
  });
});

describe('lookupPath', () => {
  const data = { a: { b: [10, [20, 30]] }, 'x.y': 1 };
  it.each([
    ['$.a.b[0]', 10],
    ['a.b[1][1]', 30],
    ['$', data],
  ] as const)('%s', (path, value) => {
    assertThat(lookupPath(data, path)).toEqual({ ok: true, value });
  });
  it.each([
    ['$.a.b[-1]', 'index -1 out of range (len=2)'],
    ['$.a..b', 'field "" not found'],
    ['$.x.y', 'field "x" not found'],
    ['$[0]', 'expected array at "[0]", got object'],
  ])('%s fails', (path, error) => {
    assertThat(lookupPath(data, path)).toEqual({ ok: false, error });
  });
});

describe('formatLikeGo', () => {
  it.each([
    [null, '<nil>'],
    ['s', 's'],
    [3, '3'],
    [1.5, '1.5'],
    [true, 'true'],
    [[1, 'a', null], '[1 a <nil>]'],
    [{ b: 1, a: { c: 2 } }, 'map[a:map[c:2] b:1]'],
  ])('%j -> %s', (value, formatted) => {
    assertThat(formatLikeGo(value)).toBe(formatted);
  });
});

describe('compileGoRegex', () => {
  it.each([
    ['(?i)abc', 'ABC', true],
    ['(?s)a.b', 'a\nb', true],
    ['a.b', 'a\nb', false],
    ['(?m)^b$', 'a\nb', true],
    ['(?P<n>x)', 'x', true],
  ])('%s on %j', (pattern, input, matches) => {
    const compiled = compileGoRegex(pattern);
    if (!compiled.ok) throw new Error(compiled.error);
    assertThat(compiled.regex.test(input)).toBe(matches);
  });
  it('reports an invalid pattern', () => {
    assertThat(compileGoRegex('a(?<=b)')).toMatchObject({ ok: false });
  });
});

describe('filesToObserve', () => {
  it('reads file_unchanged before, and every file path after, sorted and deduplicated', () => {
    const files = filesToObserve(
      Expect.parse({
        file_contains: { 'b.txt': 'x', 'a.txt': 'y' },
        file_not_contains: { 'a.txt': 'z' },
        file_not_exists: ['gone.txt'],
        file_unchanged: ['conf.json'],
      }),
    );
    assertThat(files).toEqual({ before: ['conf.json'], after: ['a.txt', 'b.txt', 'conf.json', 'gone.txt'] });
  });
  it('is empty without file expectations', () => {
    assertThat(filesToObserve(Expect.parse({ contains: ['x'] }))).toEqual({ before: [], after: [] });
  });
});
