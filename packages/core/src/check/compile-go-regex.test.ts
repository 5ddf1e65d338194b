import { describe, expect as assertThat, it } from 'vitest';
import { compileGoRegex } from './compile-go-regex';

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
