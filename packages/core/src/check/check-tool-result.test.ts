import { describe, expect as assertThat, it } from 'vitest';
import { EXPECTATION_ORDER } from './check-tool-result';
import { EXPECT_KEYS } from './expect-schema';
import { textResult, observe, run, text, present, withFiles } from './test-table';

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
