import { describe, expect as assertThat, expect, it } from 'vitest';
import { firstJsonValue } from './first-json-value';

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
