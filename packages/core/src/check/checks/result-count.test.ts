import { describe, expect as assertThat, it } from 'vitest';
import { run, table, text } from '../test-table';

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
