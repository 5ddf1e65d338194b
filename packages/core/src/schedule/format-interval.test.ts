import { describe, expect, it } from 'vitest';
import { formatInterval } from './format-interval';

describe('formatInterval', () => {
  it.each([
    [0, '0 s'],
    [1, '1 s'],
    [5, '5 s'],
    [59, '59 s'],
    [60, '1 min'],
    [90, '90 s'],
    [300, '5 min'],
    [3_600, '1 h'],
    [5_400, '90 min'],
    [7_200, '2 h'],
    [86_400, '1 day'],
    [90_000, '25 h'],
    [172_800, '2 days'],
    [604_800, '7 days'],
    [0.5, '0.5 s'],
    [1 / 3, '0.333 s'],
    [-5, '-5 s'],
    [Number.NaN, 'NaN s'],
  ])('%s -> %s', (seconds, text) => {
    expect(formatInterval(seconds)).toBe(text);
  });
});
