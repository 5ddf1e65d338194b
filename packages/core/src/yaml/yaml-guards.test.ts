import { describe, expect, it } from 'vitest';
import { Composer, Parser } from 'yaml';
import { checkDocumentTree, findTooDeepToken, MAX_ALIAS_EXPANSION, MAX_YAML_DEPTH } from './yaml-guards';

const tokens = (text: string) => Array.from(new Parser().parse(text));
const problemsOf = (text: string) =>
  Array.from(new Composer({ merge: true, uniqueKeys: false }).compose(tokens(text))).flatMap(checkDocumentTree);
const nested = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

describe('findTooDeepToken', () => {
  it.each([
    ['flow sequences at the limit', nested(MAX_YAML_DEPTH), undefined],
    ['flow sequences one past it', nested(MAX_YAML_DEPTH + 1), MAX_YAML_DEPTH],
    ['unclosed brackets far past it', '['.repeat(100_000), MAX_YAML_DEPTH],
    ['block sequences', `${'- '.repeat(MAX_YAML_DEPTH + 1)}x`, 2 * MAX_YAML_DEPTH],
  ])('%s', (_name, text, offset) => {
    expect(findTooDeepToken(tokens(text))?.offset).toBe(offset);
  });
});

describe('checkDocumentTree', () => {
  it.each([
    ['a plain suite', 'name: x\nassert: {tool: t, args: {a: [1, 2]}}\n', []],
    ['an anchor reused', 'server: &s {url: "https://x.example.com"}\nother: *s\nthird: *s\n', []],
    ['merge keys', 'base: &b {a: 1}\nuse: {<<: *b, <<: *b, b: 2}\n', []],
    ['a duplicate key', 'a: 1\nb: 2\na: 3\n', [{ offset: 10, message: 'invalid YAML: Map keys must be unique' }]],
    ['a duplicate key in flow', '{x: 1, x: 2}', [{ offset: 7, message: 'invalid YAML: Map keys must be unique' }]],
    ['1 and "1" (different keys)', '{1: a, "1": b, .nan: c, .nan: d}', []],
    ['an alias in its own anchor', 'a: &a [1, *a]\n', [{ offset: 10, message: expect.stringContaining('*a refers') }]],
    [
      'an alias chain deeper than the limit once expanded',
      Array.from({ length: 3 }, (_, i) => `a${i}: &a${i} ${nested(30).replace('1', i ? `*a${i - 1}` : '1')}`).join(
        '\n',
      ),
      [{ message: expect.stringContaining('once this alias is expanded') }],
    ],
  ])('%s', (_name, text, problems) => {
    expect(problemsOf(text)).toEqual(problems.map((p) => expect.objectContaining(p)));
  });

  it(`refuses aliases that add more than ${MAX_ALIAS_EXPANSION} values, at the biggest one`, () => {
    const anchor = `[${Array(1_000).fill('1').join(',')}]`;
    const within = `a: &a ${anchor}\nb: [${Array(99).fill('*a').join(',')}]\n`;
    const beyond = `a: &a ${anchor}\nb: [${Array(100).fill('*a').join(',')}]\n`;
    expect(problemsOf(within)).toEqual([]);
    expect(problemsOf(beyond)).toEqual([
      expect.objectContaining({ offset: beyond.indexOf('*a'), message: expect.stringContaining('aliases expand') }),
    ]);
  });
});
