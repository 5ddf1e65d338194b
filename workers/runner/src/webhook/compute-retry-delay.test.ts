import { describe, expect, it } from 'vitest';
import { computeRetryDelay, parseRetryAfter } from './compute-retry-delay';

const base = { baseMs: 30_000, capMs: 6 * 3_600_000 };

describe('computeRetryDelay', () => {
  it('draws uniformly below min(cap, base * 2^(attempt-1)) (full jitter)', () => {
    expect(computeRetryDelay({ ...base, attempt: 1, random: () => 0 })).toBe(0);
    expect(computeRetryDelay({ ...base, attempt: 1, random: () => 0.999999 })).toBe(29_999);
    expect(computeRetryDelay({ ...base, attempt: 3, random: () => 0.5 })).toBe(60_000);
    expect(computeRetryDelay({ ...base, attempt: 8, random: () => 0.999999 })).toBe(3_839_996);
    // Attempt 11 would be 8.5 h without the cap.
    expect(computeRetryDelay({ ...base, attempt: 11, random: () => 0.999999 })).toBeLessThan(base.capMs);
    expect(computeRetryDelay({ ...base, attempt: 500, random: () => 0.5 })).toBe(base.capMs / 2);
  });

  it('honours a longer Retry-After, up to the cap, and ignores a shorter one', () => {
    expect(computeRetryDelay({ ...base, attempt: 1, retryAfterMs: 120_000, random: () => 0.5 })).toBe(120_000);
    expect(computeRetryDelay({ ...base, attempt: 5, retryAfterMs: 1_000, random: () => 0.5 })).toBe(240_000);
    expect(computeRetryDelay({ ...base, attempt: 1, retryAfterMs: 86_400_000, random: () => 0 })).toBe(base.capMs);
  });
});

describe('parseRetryAfter', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  it.each([
    ['120', 120_000],
    [' 0 ', 0],
    ['Sun, 22 Nov 2026 10:01:30 GMT', 90_000],
    ['Sun, 22 Nov 2026 09:00:00 GMT', 0],
    ['', undefined],
    ['soon', undefined],
    ['-5', undefined],
    ['1.5', undefined],
    [null, undefined],
  ])('%j -> %j', (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });
});
