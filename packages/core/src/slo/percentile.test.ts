import { describe, expect, it } from 'vitest';
import { percentile } from './percentile';

const oneToTwenty = Array.from({ length: 20 }, (_, i) => i + 1);
const oneToSixty = Array.from({ length: 60 }, (_, i) => i + 1);

describe('percentile (nearest rank)', () => {
  it.each([
    { values: [], p: 95, expected: undefined },
    { values: [7], p: 50, expected: 7 },
    { values: [7], p: 99, expected: 7 },
    { values: [3, 1, 2], p: 50, expected: 2 },
    { values: [1, 2, 3, 4], p: 50, expected: 2 },
    { values: oneToTwenty, p: 95, expected: 19 },
    { values: oneToTwenty, p: 99, expected: 20 },
    { values: oneToTwenty, p: 50, expected: 10 },
    // 0.95 * 60 is 57.00000000000001 in floating point: the rank must still be 57.
    { values: oneToSixty, p: 95, expected: 57 },
    { values: [5, 5, 5, 100], p: 95, expected: 100 },
    { values: [10, 20], p: 0, expected: 10 },
  ])('p$p of $values is $expected', ({ values, p, expected }) => {
    expect(percentile(values, p)).toBe(expected);
  });

  it('does not reorder its input', () => {
    const values = [3, 1, 2];
    percentile(values, 50);
    expect(values).toEqual([3, 1, 2]);
  });
});
