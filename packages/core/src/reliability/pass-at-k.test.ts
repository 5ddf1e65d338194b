import { describe, expect, it } from 'vitest';
import { passAtK, passHatK } from './pass-at-k';

// Hand-computed from the binomials for n = 5 (C(5,k) = 5, 10, 10, 5, 1): row c, column k = 1..5.
const PASS_AT_K_N5: number[][] = [
  [0, 0, 0, 0, 0],
  [0.2, 0.4, 0.6, 0.8, 1],
  [0.4, 0.7, 0.9, 1, 1],
  [0.6, 0.9, 1, 1, 1],
  [0.8, 1, 1, 1, 1],
  [1, 1, 1, 1, 1],
];
const PASS_HAT_K_N5: number[][] = [
  [0, 0, 0, 0, 0],
  [0.2, 0, 0, 0, 0],
  [0.4, 0.1, 0, 0, 0],
  [0.6, 0.3, 0.1, 0, 0],
  [0.8, 0.6, 0.4, 0.2, 0],
  [1, 1, 1, 1, 1],
];

const cases = PASS_AT_K_N5.flatMap((row, c) =>
  row.map((at, i) => ({ c, k: i + 1, at, hat: PASS_HAT_K_N5[c]?.[i] ?? Number.NaN })),
);

describe('passAtK / passHatK', () => {
  it.each(cases)('n=5 c=$c k=$k: pass@k=$at pass^k=$hat', ({ c, k, at, hat }) => {
    expect(passAtK(5, c, k)).toBeCloseTo(at, 12);
    expect(passHatK(5, c, k)).toBeCloseTo(hat, 12);
  });

  it('at k = n reduces to mcp-assert booleans (any pass / all pass)', () => {
    expect([0, 1, 2, 3].map((c) => passAtK(3, c, 3))).toEqual([0, 1, 1, 1]);
    expect([0, 1, 2, 3].map((c) => passHatK(3, c, 3))).toEqual([0, 0, 0, 1]);
  });

  it('stays finite where the binomials overflow', () => {
    expect(passAtK(2000, 1000, 1)).toBeCloseTo(0.5, 12);
    expect(passHatK(2000, 2000, 1500)).toBe(1);
    expect(passHatK(2000, 1999, 2)).toBeCloseTo(1998 / 2000, 12);
  });

  it.each([
    { n: 0, c: 0, k: 1 },
    { n: 5, c: 6, k: 1 },
    { n: 5, c: -1, k: 1 },
    { n: 5, c: 2, k: 0 },
    { n: 5, c: 2, k: 6 },
    { n: 5, c: 2.5, k: 1 },
  ])('rejects n=$n c=$c k=$k', ({ n, c, k }) => {
    expect(() => passAtK(n, c, k)).toThrow(RangeError);
    expect(() => passHatK(n, c, k)).toThrow(RangeError);
  });
});
