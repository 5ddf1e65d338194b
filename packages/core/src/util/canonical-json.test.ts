import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json';

describe('canonicalJson', () => {
  it.each([
    [{ b: 1, a: { d: [2, 1], c: null } }, { a: { c: null, d: [2, 1] }, b: 1 }, true],
    [{ a: [1, 2] }, { a: [2, 1] }, false],
    [undefined, null, false],
    ['x', 'x', true],
  ])('%j vs %j equal: %s', (a, b, equal) => {
    expect(canonicalJson(a) === canonicalJson(b)).toBe(equal);
  });
});
