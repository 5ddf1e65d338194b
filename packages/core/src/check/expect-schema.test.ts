import { describe, expect as assertThat, it } from 'vitest';
import { EXPECT_KEYS, Expect } from './expect-schema';

describe('Expect schema', () => {
  it('has the 18 mcp-assert expectations and the 4 mcptest additions', () => {
    assertThat([...EXPECT_KEYS].sort()).toEqual(
      [
        'contains',
        'contains_any',
        'not_contains',
        'equals',
        'matches_regex',
        'in_order',
        'json_path',
        'min_results',
        'max_results',
        'not_empty',
        'not_error',
        'is_error',
        'file_contains',
        'file_not_contains',
        'file_not_exists',
        'file_unchanged',
        'net_delta',
        'min_progress',
        'structured_content',
        'output_schema',
        'max_ms',
        'snapshot',
      ].sort(),
    );
  });

  it.each([
    ['empty block', {}],
    [
      'lists of strings',
      { contains: ['a'], contains_any: ['b'], not_contains: [], matches_regex: ['x'], in_order: ['a'] },
    ],
    ['equals empty string', { equals: '' }],
    ['json_path any values', { json_path: { '$.a': 1, '$.b': 'x', '$.c': null, '$.d': [1], '$.e': { f: true } } }],
    ['counts', { min_results: 0, max_results: 10, min_progress: 1 }],
    ['negative net_delta', { net_delta: -3 }],
    ['booleans', { not_empty: true, not_error: false, is_error: true, output_schema: true }],
    [
      'file maps and lists',
      { file_contains: { a: 'x' }, file_not_contains: { b: 'y' }, file_not_exists: ['c'], file_unchanged: ['d'] },
    ],
    ['structured_content', { structured_content: { '$.a': 1 } }],
    ['max_ms fraction', { max_ms: 1.5 }],
    ['snapshot true', { snapshot: true }],
    ['snapshot named', { snapshot: { name: 'x' } }],
  ])('accepts %s', (_label, block) => {
    assertThat(Expect.safeParse(block).success).toBe(true);
  });

  it.each([
    ['unknown key', { contians: ['a'] }],
    ['a bare string where mcp-assert needs a list', { contains: 'a' }],
    ['a number in a string list', { contains: [1] }],
    ['equals as a number', { equals: 3 }],
    ['fractional count', { min_results: 1.5 }],
    ['negative count', { max_results: -1 }],
    ['fractional net_delta', { net_delta: 0.5 }],
    ['boolean as a string', { not_error: 'yes' }],
    ['file_contains as a list', { file_contains: ['a'] }],
    ['zero max_ms', { max_ms: 0 }],
    ['snapshot with an unknown key', { snapshot: { nme: 'x' } }],
    ['snapshot with an empty name', { snapshot: { name: '' } }],
    ['null', { contains: null }],
  ])('rejects %s', (_label, block) => {
    assertThat(Expect.safeParse(block).success).toBe(false);
  });
});
