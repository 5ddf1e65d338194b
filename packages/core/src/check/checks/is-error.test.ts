import { describe, expect as assertThat, it } from 'vitest';
import { run, table, text } from '../test-table';

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
