import { describe, expect, it } from 'vitest';
import { monitorOffsetMs, nextMonitorCheckAt } from './monitor-schedule';

const FIVE_MIN = 300_000;

describe('monitorOffsetMs', () => {
  it('is stable and inside the interval', () => {
    expect(monitorOffsetMs('clx1', FIVE_MIN)).toBe(monitorOffsetMs('clx1', FIVE_MIN));
    for (const id of ['a', 'b', 'cm0abc', 'x'.repeat(40)]) {
      const offset = monitorOffsetMs(id, FIVE_MIN);
      expect(offset).toBeGreaterThanOrEqual(0);
      expect(offset).toBeLessThan(FIVE_MIN);
    }
  });

  it('spreads 10,000 ids over the interval: no 10-second window holds more than twice its share', () => {
    const windows = new Array<number>(30).fill(0);
    for (let i = 0; i < 10_000; i += 1) windows[Math.floor(monitorOffsetMs(`cmon${i}x`, FIVE_MIN) / 10_000)]! += 1;
    const share = 10_000 / 30;
    expect(Math.max(...windows)).toBeLessThan(share * 2);
    expect(Math.min(...windows)).toBeGreaterThan(share / 2);
  });
});

describe('nextMonitorCheckAt', () => {
  it.each([
    // after, offset, expected
    [0, 1000, 1000],
    [999, 1000, 1000],
    [1000, 1000, 1000 + FIVE_MIN],
    [1001, 1000, 1000 + FIVE_MIN],
    [FIVE_MIN * 10 + 5, 0, FIVE_MIN * 11],
    [FIVE_MIN * 10 + 5, 7, FIVE_MIN * 10 + 7],
  ])('after %i with offset %i -> %i', (after, offset, expected) => {
    expect(nextMonitorCheckAt(after, FIVE_MIN, offset)).toBe(expected);
  });

  it('keeps the slot whatever the lateness of the check', () => {
    const offset = 12_345;
    const slot = nextMonitorCheckAt(0, FIVE_MIN, offset);
    for (const late of [0, 1, 50_000, FIVE_MIN - 1]) {
      expect(nextMonitorCheckAt(slot + late, FIVE_MIN, offset)).toBe(slot + FIVE_MIN);
    }
  });
});
