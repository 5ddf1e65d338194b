import { describe, expect, it } from 'vitest';
import { parseDuration } from './parse-duration';

describe('parseDuration', () => {
  it.each([
    ['15s', 15_000],
    ['2m', 120_000],
    ['500ms', 500],
    ['1h', 3_600_000],
    ['1h30m', 5_400_000],
    ['1.5s', 1_500],
    ['.5s', 500],
    ['250us', 1],
    ['1500000ns', 2],
    [' 10s ', 10_000],
    ['30', 30_000],
    [30, 30_000],
    [0.1, 100],
  ])('%j is %i ms', (value, ms) => {
    expect(parseDuration(value)).toEqual({ ok: true, ms });
  });

  it.each([
    ['15 seconds', 'invalid duration "15 seconds"'],
    ['s', 'invalid duration "s"'],
    ['10x', 'invalid duration "10x"'],
    ['-5s', 'invalid duration "-5s"'],
    ['1m 30s', 'invalid duration "1m 30s"'],
    ['0s', 'a duration must be greater than 0, got "0s"'],
    ['', 'expected a duration, got an empty string'],
    [0, 'a duration must be greater than 0, got 0'],
    [-1, 'a duration must be greater than 0, got -1'],
    [Number.NaN, 'a duration must be greater than 0, got NaN'],
    [true, 'expected a duration'],
    [null, 'expected a duration'],
    ['9999999999999h', 'duration "9999999999999h" is too long'],
  ])('%j is refused: %s', (value, message) => {
    expect(parseDuration(value)).toEqual({ ok: false, message });
  });
});
