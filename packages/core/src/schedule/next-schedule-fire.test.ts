import { describe, expect, it } from 'vitest';
import { nextScheduleFireAt, scheduleOffsetMs, suiteNextFireAt } from './next-schedule-fire';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());

describe('scheduleOffsetMs', () => {
  it('is a stable second inside the minute for 5-field crons and aliases, 0 for 6-field ones', () => {
    const offset = scheduleOffsetMs('cm0suite', '*/5 * * * *');
    expect(offset).toBe(scheduleOffsetMs('cm0suite', '0 9 * * *'));
    expect(offset).toBe(scheduleOffsetMs('cm0suite', '@hourly'));
    expect(offset).toBeGreaterThanOrEqual(0);
    expect(offset).toBeLessThan(60_000);
    expect(scheduleOffsetMs('cm0suite', '*/2 * * * * *')).toBe(0);
    expect(scheduleOffsetMs('cm0suite', '@secondly')).toBe(0);
  });

  it('spreads 10,000 suites on the same cron over the minute: no 5-second window holds twice its share', () => {
    const windows = new Array<number>(12).fill(0);
    for (let i = 0; i < 10_000; i += 1) windows[Math.floor(scheduleOffsetMs(`cs${i}x`, '*/5 * * * *') / 5_000)]! += 1;
    const share = 10_000 / 12;
    expect(Math.max(...windows)).toBeLessThan(share * 2);
    expect(Math.min(...windows)).toBeGreaterThan(share / 2);
  });
});

describe('nextScheduleFireAt', () => {
  const suiteId = 'cm0suite';
  const offset = scheduleOffsetMs(suiteId, '*/5 * * * *');

  it.each([
    // cron, timezone, after, expected (before the offset)
    ['*/5 * * * *', 'UTC', '2026-11-27T12:00:00.000Z', '2026-11-27T12:00:00.000Z', true],
    ['*/5 * * * *', 'UTC', '2026-11-27T12:01:00.000Z', '2026-11-27T12:05:00.000Z', true],
    ['0 9 * * *', 'Europe/Berlin', '2026-11-27T12:00:00.000Z', '2026-11-28T08:00:00.000Z', true],
    ['0 9 * * *', 'Europe/Berlin', '2026-07-01T00:00:00.000Z', '2026-07-01T07:00:00.000Z', true],
    ['*/2 * * * * *', 'UTC', '2026-11-27T12:00:00.000Z', '2026-11-27T12:00:02.000Z', false],
    ['*/2 * * * * *', 'UTC', '2026-11-27T12:00:01.500Z', '2026-11-27T12:00:02.000Z', false],
  ])('%s in %s after %s fires at %s (+ its offset: %s)', (cron, timezone, after, expected, offsetApplies) => {
    const next = nextScheduleFireAt({ suiteId, cron, timezone, afterMs: at(after) });
    expect(iso(next)).toBe(iso(at(expected) + (offsetApplies ? offset : 0)));
  });

  it('is strictly after afterMs: the slot itself gives the following one', () => {
    const slot = nextScheduleFireAt({
      suiteId,
      cron: '*/5 * * * *',
      timezone: 'UTC',
      afterMs: at('2026-11-27T12:01:00Z'),
    })!;
    expect(nextScheduleFireAt({ suiteId, cron: '*/5 * * * *', timezone: 'UTC', afterMs: slot })).toBe(slot + 300_000);
    expect(nextScheduleFireAt({ suiteId, cron: '*/5 * * * *', timezone: 'UTC', afterMs: slot - 1 })).toBe(slot);
  });

  it('after downtime gives the first slot after now: the missed ones are not replayed', () => {
    const now = at('2026-11-27T15:02:00Z');
    const next = nextScheduleFireAt({ suiteId, cron: '*/5 * * * *', timezone: 'UTC', afterMs: now })!;
    expect(iso(next)).toBe(iso(at('2026-11-27T15:05:00Z') + offset));
  });

  it('gives undefined for what it cannot read', () => {
    expect(nextScheduleFireAt({ suiteId, cron: 'nope', timezone: 'UTC', afterMs: 0 })).toBeUndefined();
    expect(nextScheduleFireAt({ suiteId, cron: '* * * * *', timezone: 'Mars/Base', afterMs: 0 })).toBeUndefined();
  });
});

describe('suiteNextFireAt', () => {
  const suite = { id: 'cm0suite', schedule: '*/5 * * * *', timezone: 'UTC', enabled: true, scheduleEnabled: true };
  const now = at('2026-11-27T12:01:00Z');
  it.each([
    ['scheduled', suite, true],
    ['disabled', { ...suite, enabled: false }, false],
    ['paused', { ...suite, scheduleEnabled: false }, false],
    ['unscheduled', { ...suite, schedule: null }, false],
    ['unreadable', { ...suite, schedule: 'every day' }, false],
  ])('%s', (_, row, armed) => {
    const next = suiteNextFireAt(row, now);
    if (armed)
      expect(next?.getTime()).toBe(
        nextScheduleFireAt({ suiteId: row.id, cron: '*/5 * * * *', timezone: 'UTC', afterMs: now }),
      );
    else expect(next).toBeNull();
  });
});
