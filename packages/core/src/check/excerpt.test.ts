import { describe, expect as assertThat, it } from 'vitest';
import { trimExcerpt } from './excerpt';
import { run, text } from './test-table';

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
