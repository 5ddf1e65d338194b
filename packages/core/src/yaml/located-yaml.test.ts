import { describe, expect, it } from 'vitest';
import { MAX_LOCATED_ERRORS, parseLocatedYaml } from './located-yaml';

/** What a loader sees: each document's value, or the located errors the engine reported. */
function read(text: string): { values: unknown[]; errors: string[] } {
  const parsed = parseLocatedYaml(text, 'f.yaml');
  const values = parsed.documents.map((doc) => parsed.valueOf(doc)?.value);
  const errors = parsed.sink.sorted().map((e) => `${e.line}:${e.column} ${e.message}${e.hint ? ` (${e.hint})` : ''}`);
  return { values, errors };
}

describe('parseLocatedYaml', () => {
  it('gives each document its value, with merge keys applied', () => {
    expect(read('base: &b { x: 1 }\nc:\n  <<: *b\n  y: 2\n---\n- 1\n')).toEqual({
      values: [{ base: { x: 1 }, c: { x: 1, y: 2 } }, [1]],
      errors: [],
    });
  });

  it('gives an empty document null, and a comment-only file no document', () => {
    expect(read('a: 1\n---\n').values).toEqual([{ a: 1 }, null]);
    expect(read('# only a comment\n').values).toEqual([]);
  });

  it.each<[string, string, string]>([
    ['an unclosed bracket, at the opener', 'a:\n  b: [x\nc: 1\n', '2:6 invalid YAML: this `[` is never closed'],
    ['a duplicate key, with a hint', 'a: 1\na: 2\n', '2:1 invalid YAML: Map keys must be unique (a key may'],
    ['a tab, with a hint', 'a:\n\tb: 1\n', '(indent with spaces; YAML does not allow tabs)'],
    ['a recursive alias', 'a: &a [*a]\n', '1:8 alias *a refers to a value that contains it'],
    ['nesting too deep', `a: ${'['.repeat(70)}${']'.repeat(70)}\n`, 'nested more than 64 levels deep'],
  ])('reports %s', (_label, text, expected) => {
    const { values, errors } = read(text);
    expect(values.every((value) => value === undefined)).toBe(true);
    expect(errors[0]).toContain(expected);
  });

  it('keeps at most three YAML errors per document, one per position', () => {
    const text = Array.from({ length: 10 }, (_, i) => `k${i}: [\n`).join('');
    expect(read(text).errors.length).toBeLessThanOrEqual(3);
  });

  it('bounds the errors of a file and says so once', () => {
    const parsed = parseLocatedYaml('a: 1\n', 'f.yaml');
    for (let i = 0; i < MAX_LOCATED_ERRORS + 5; i++) parsed.sink.add(0, ['a'], `error ${i}`);
    const errors = parsed.sink.sorted();
    expect(errors).toHaveLength(MAX_LOCATED_ERRORS + 1);
    expect(errors.at(-1)?.message).toBe(`more errors follow; only the first ${MAX_LOCATED_ERRORS} are reported`);
  });
});
