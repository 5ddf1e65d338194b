import { CronExpressionParser } from 'cron-parser';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSchedule, type CheckScheduleInput, type CheckScheduleResult } from './check-schedule';

/** Wednesday 15 January 2025, 12:00 UTC (13:00 in Berlin, CET). */
const NOW = Date.parse('2025-01-15T12:00:00Z');

function check(cron: string, extra: Partial<CheckScheduleInput> = {}): CheckScheduleResult {
  return checkSchedule({ cron, timezone: 'UTC', minIntervalSeconds: 0, now: NOW, ...extra });
}

function nextOf(result: CheckScheduleResult): string[] {
  if (!result.ok) throw new Error(`expected ok, got ${result.code}: ${result.message}`);
  return result.next;
}

describe('checkSchedule: valid patterns', () => {
  it.each([
    ['*/15 * * * *', false, ['2025-01-15T12:15:00.000Z', '2025-01-15T12:30:00.000Z', '2025-01-15T12:45:00.000Z']],
    ['0 9 * * 1-5', false, ['2025-01-16T09:00:00.000Z', '2025-01-17T09:00:00.000Z', '2025-01-20T09:00:00.000Z']],
    ['0 0 1 * *', false, ['2025-02-01T00:00:00.000Z', '2025-03-01T00:00:00.000Z', '2025-04-01T00:00:00.000Z']],
    ['30 6 * * MON', false, ['2025-01-20T06:30:00.000Z', '2025-01-27T06:30:00.000Z', '2025-02-03T06:30:00.000Z']],
    ['0 0 L * *', false, ['2025-01-31T00:00:00.000Z', '2025-02-28T00:00:00.000Z', '2025-03-31T00:00:00.000Z']],
    ['  0 12 * * *  ', false, ['2025-01-16T12:00:00.000Z', '2025-01-17T12:00:00.000Z', '2025-01-18T12:00:00.000Z']],
    ['30 */10 * * * *', true, ['2025-01-15T12:00:30.000Z', '2025-01-15T12:10:30.000Z', '2025-01-15T12:20:30.000Z']],
    ['0 0 12 * * *', true, ['2025-01-16T12:00:00.000Z', '2025-01-17T12:00:00.000Z', '2025-01-18T12:00:00.000Z']],
  ])('%s', (cron, seconds, next) => {
    expect(check(cron, { count: 3 })).toEqual({ ok: true, next, seconds });
  });

  it.each([
    ['@yearly', false, '2026-01-01T00:00:00.000Z'],
    ['@annually', false, '2026-01-01T00:00:00.000Z'],
    ['@monthly', false, '2025-02-01T00:00:00.000Z'],
    ['@weekly', false, '2025-01-19T00:00:00.000Z'],
    ['@daily', false, '2025-01-16T00:00:00.000Z'],
    ['@hourly', false, '2025-01-15T13:00:00.000Z'],
    ['@minutely', false, '2025-01-15T12:01:00.000Z'],
    ['@secondly', true, '2025-01-15T12:00:01.000Z'],
    ['@weekdays', false, '2025-01-16T00:00:00.000Z'],
    ['@weekends', false, '2025-01-18T00:00:00.000Z'],
  ])('alias %s', (cron, seconds, first) => {
    expect(check(cron, { count: 1 })).toEqual({ ok: true, next: [first], seconds });
  });

  it('returns 5 firings by default, and clamps count', () => {
    expect(nextOf(check('@daily'))).toHaveLength(5);
    expect(nextOf(check('@daily', { count: 0 }))).toEqual([]);
    expect(nextOf(check('@daily', { count: 1000 }))).toHaveLength(100);
    expect(nextOf(check('@daily', { count: -1 }))).toHaveLength(5);
    expect(nextOf(check('@daily', { count: 2.5 }))).toHaveLength(5);
  });

  it('computes the next firings in a non-UTC zone (Europe/Berlin, CET in winter, CEST in summer)', () => {
    expect(nextOf(check('0 9 * * *', { timezone: 'Europe/Berlin', count: 2 }))).toEqual([
      '2025-01-16T08:00:00.000Z',
      '2025-01-17T08:00:00.000Z',
    ]);
    expect(
      nextOf(check('0 9 * * *', { timezone: 'Europe/Berlin', count: 2, now: Date.parse('2025-07-01T00:00:00Z') })),
    ).toEqual(['2025-07-01T07:00:00.000Z', '2025-07-02T07:00:00.000Z']);
    // Across the spring-forward night (30 March 2025, 02:00 CET -> 03:00 CEST).
    expect(
      nextOf(check('0 9 * * *', { timezone: 'Europe/Berlin', count: 2, now: Date.parse('2025-03-29T12:00:00Z') })),
    ).toEqual(['2025-03-30T07:00:00.000Z', '2025-03-31T07:00:00.000Z']);
  });

  it('handles a 02:30 schedule across DST in Europe/Berlin, and judges its nominal (daily) frequency', () => {
    const spring = check('30 2 * * *', {
      timezone: 'Europe/Berlin',
      minIntervalSeconds: 86_400,
      count: 3,
      now: Date.parse('2025-03-29T12:00:00Z'),
    });
    // 02:30 does not exist on 30 March: cron-parser runs it at 03:30 CEST; the next day is 23 h later.
    expect(spring).toEqual({
      ok: true,
      seconds: false,
      next: ['2025-03-30T01:30:00.000Z', '2025-03-31T00:30:00.000Z', '2025-04-01T00:30:00.000Z'],
    });
    const autumn = check('30 2 * * *', {
      timezone: 'Europe/Berlin',
      minIntervalSeconds: 86_400,
      count: 3,
      now: Date.parse('2025-10-25T12:00:00Z'),
    });
    // 02:30 happens twice on 26 October; it fires once.
    expect(autumn).toEqual({
      ok: true,
      seconds: false,
      next: ['2025-10-26T00:30:00.000Z', '2025-10-27T01:30:00.000Z', '2025-10-28T01:30:00.000Z'],
    });
    const hourly = check('0 * * * *', {
      timezone: 'Europe/Berlin',
      minIntervalSeconds: 3_600,
      count: 4,
      now: Date.parse('2025-10-25T23:30:00Z'),
    });
    expect(nextOf(hourly)).toEqual([
      '2025-10-26T00:00:00.000Z',
      '2025-10-26T01:00:00.000Z',
      '2025-10-26T02:00:00.000Z',
      '2025-10-26T03:00:00.000Z',
    ]);
  });

  it('accepts a zone in any case, as Intl does', () => {
    expect(nextOf(check('0 9 * * *', { timezone: 'europe/berlin', count: 1 }))).toEqual(['2025-01-16T08:00:00.000Z']);
  });
});

describe('checkSchedule: invalid cron', () => {
  it.each([
    ['61 * * * *', 'Constraint error, got value 61 expected range 0-59'],
    ['* * * * * 8', 'Constraint error, got value 8 expected range 0-7'],
    ['*/0 * * * *', 'Constraint error, cannot repeat at every 0 time.'],
    ['* * * FOO *', 'Validation error, cannot resolve alias "foo"'],
    ['a b c d e', 'Invalid characters'],
    ['0 0 30 2 *', 'Invalid explicit day of month definition'],
  ])('%s quotes cron-parser: %s', (cron, reason) => {
    const result = check(cron);
    expect(result).toMatchObject({ ok: false, code: 'invalid_cron' });
    if (result.ok) return;
    expect(result.message).toContain(`invalid cron \`${cron}\``);
    expect(result.message).toContain(reason);
  });

  it.each([
    ['', 'cron is empty'],
    ['   ', 'cron is empty'],
    ['*', 'got 1'],
    ['* * * *', 'got 4'],
    ['0 0 0 1 1 * 2025', 'got 7'],
    ['@daily extra', 'unknown cron alias'],
    ['@Daily', 'unknown cron alias'],
    ['@reboot', 'unknown cron alias'],
    ['H * * * *', 'H (hashed) values are not supported'],
    ['0 H/2 * * *', 'H (hashed) values are not supported'],
    ['0 0 * * H', 'H (hashed) values are not supported'],
  ])('%j is refused: %s', (cron, fragment) => {
    const result = check(cron);
    expect(result).toMatchObject({ ok: false, code: 'invalid_cron' });
    if (!result.ok) expect(result.message).toContain(fragment);
  });

  it('does not mistake H inside month and weekday names for a hash', () => {
    expect(check('0 9 * MAR THU', { count: 1 })).toEqual({
      ok: true,
      seconds: false,
      next: ['2025-03-06T09:00:00.000Z'],
    });
  });

  it('cuts a long expression short in the message', () => {
    const cron = `${'1,'.repeat(400)}1 * * * *`;
    const result = check(cron);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message.length).toBeLessThan(300);
  });
});

describe('checkSchedule: timezone', () => {
  it.each(['Mars/Olympus', '', 'local', 'GMT+5', 'Europe/Berlinn'])('%j is refused, by name', (timezone) => {
    const result = check('0 9 * * *', { timezone });
    expect(result).toMatchObject({ ok: false, code: 'invalid_timezone' });
    if (!result.ok) expect(result.message).toContain(`unknown timezone \`${timezone}\``);
  });

  it('reports the cron before the zone when both are wrong', () => {
    expect(check('nope', { timezone: 'Mars/Olympus' })).toMatchObject({ ok: false, code: 'invalid_cron' });
  });
});

describe('checkSchedule: minimum interval', () => {
  it.each([
    ['*/5 * * * * *', 300, 'cron `*/5 * * * * *` fires every 5 s; your plan allows at most one run every 5 min'],
    ['* * * * *', 300, 'cron `* * * * *` fires every 1 min; your plan allows at most one run every 5 min'],
    // Once an hour, two firings a minute apart: only a walk over many firings sees it.
    ['0,1 * * * *', 300, 'cron `0,1 * * * *` can fire 1 min apart; your plan allows at most one run every 5 min'],
    ['0 0,23 * * *', 7_200, 'cron `0 0,23 * * *` can fire 1 h apart; your plan allows at most one run every 2 h'],
    ['0 0 1,2 * *', 172_800, 'cron `0 0 1,2 * *` can fire 1 day apart; your plan allows at most one run every 2 days'],
    ['* * 1 * *', 3_600, 'cron `* * 1 * *` can fire 1 min apart; your plan allows at most one run every 1 h'],
    [
      '*/10 * * * * 1-5',
      60,
      'cron `*/10 * * * * 1-5` can fire 10 s apart; your plan allows at most one run every 1 min',
    ],
    // Dec 30 2024 is a Monday: 23:59 then 00:59 on the 31st. Only seen by walking days, not a 48 h window.
    ['59 0,23 31 12 1', 7_200, 'cron `59 0,23 31 12 1` can fire 1 h apart; your plan allows at most one run every 2 h'],
    // 28 February 23:07 -> 29 February 00:07 in a leap year.
    [
      '7 0,23 28-31 2 *',
      7_200,
      'cron `7 0,23 28-31 2 *` can fire 1 h apart; your plan allows at most one run every 2 h',
    ],
    ['@hourly', 86_400, 'cron `@hourly` fires every 1 h; your plan allows at most one run every 1 day'],
    ['0 * * * * *', 90, 'cron `0 * * * * *` fires every 1 min; your plan allows at most one run every 90 s'],
  ])('%s with minimum %i s is too frequent', (cron, minIntervalSeconds, message) => {
    expect(check(cron, { minIntervalSeconds })).toEqual({ ok: false, code: 'too_frequent', message });
  });

  it.each([
    ['*/2 * * * * *', 1],
    ['* * * * * *', 1],
    ['*/5 * * * *', 300],
    ['*/5 * * * *', 60],
    ['0 */2 * * *', 7_200],
    ['@daily', 86_400],
    ['0 9 * * 1-5', 86_400],
    ['0 0 1 * *', 86_400 * 28],
    ['0 0 1,2 * *', 86_400],
    ['@secondly', 0],
    ['@secondly', -1],
  ])('%s with minimum %i s is allowed', (cron, minIntervalSeconds) => {
    expect(check(cron, { minIntervalSeconds })).toMatchObject({ ok: true });
  });

  it('judges the pattern in any zone the same way', () => {
    for (const timezone of ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe']) {
      expect(check('0,1 * * * *', { timezone, minIntervalSeconds: 300 })).toMatchObject({ code: 'too_frequent' });
      expect(check('0 2 * * *', { timezone, minIntervalSeconds: 86_400 })).toMatchObject({ ok: true });
    }
  });
});

describe('checkSchedule: the gap worked out from the fields agrees with walking the firings', () => {
  const second = fc.constantFrom('0', '*/15', '0,1', '10-12', '30', '5,50');
  const minute = fc.constantFrom('0', '*', '*/5', '0,1', '0,59', '15-17', '*/20');
  const hour = fc.constantFrom('*', '0', '0,23', '9-17', '*/6', '1,2');
  const day = fc.constantFrom('*', '1', '1,2', 'L', '1-31', '28-31');
  const month = fc.constantFrom('*', '2', '1,7', '*/3');
  const weekday = fc.constantFrom('*', '1', '1-5', '0,6', '5L', '1#2');

  it('never accepts a pattern whose firings come closer than the minimum', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.tuple(second, minute, hour, day, month, weekday),
        fc.integer({ min: Date.parse('2020-01-01'), max: Date.parse('2035-01-01') }),
        (withSeconds, [s, m, h, d, mo, w], now) => {
          const cron = (withSeconds ? [s, m, h, d, mo, w] : [m, h, d, mo, w]).join(' ');
          const walked = smallestWalkedGap(cron, now, 120);
          if (walked === undefined) return;
          // Just above the smallest gap seen is too frequent; at the gap the answer depends on rarer gaps, if any.
          expect(check(cron, { now, minIntervalSeconds: walked + 1 })).toMatchObject({ code: 'too_frequent' });
        },
      ),
      { numRuns: 40 },
    );
  });
});

/** The smallest gap among the next `firings` firings in UTC, by walking them with cron-parser. */
function smallestWalkedGap(cron: string, now: number, firings: number): number | undefined {
  let expression;
  try {
    expression = CronExpressionParser.parse(cron, { tz: 'UTC', currentDate: now });
  } catch {
    return undefined;
  }
  let previous: number | undefined;
  let smallest: number | undefined;
  for (let i = 0; i < firings; i++) {
    let at: number;
    try {
      at = expression.next().getTime();
    } catch {
      break; // cron-parser's loop limit: no further firing
    }
    if (previous !== undefined) smallest = Math.min(smallest ?? Infinity, (at - previous) / 1000);
    previous = at;
  }
  return smallest;
}

describe('checkSchedule: never throws', () => {
  const minimum = fc.constantFrom(0, 1, 60, 300, 3_600, 86_400);
  const zone = fc.oneof(fc.constantFrom('UTC', 'Europe/Berlin', 'America/Sao_Paulo', 'Nowhere'), fc.string());
  const now = fc.oneof(fc.integer({ min: 0, max: 4_102_444_800_000 }), fc.constantFrom(NOW, -1, Number.NaN));

  function expectResult(result: CheckScheduleResult) {
    if (result.ok) {
      expect(result.next.every((at) => !Number.isNaN(Date.parse(at)))).toBe(true);
    } else {
      expect(['invalid_cron', 'invalid_timezone', 'too_frequent']).toContain(result.code);
      expect(result.message.length).toBeGreaterThan(0);
    }
  }

  it('on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), zone, minimum, now, (cron, timezone, minIntervalSeconds, at) => {
        expectResult(checkSchedule({ cron, timezone, minIntervalSeconds, now: at }));
      }),
      { numRuns: 300 },
    );
  });

  it('on cron-shaped strings', () => {
    const token = fc.constantFrom(
      '*',
      '?',
      '0',
      '7',
      '59',
      '61',
      '*/5',
      '1-5',
      '5-1',
      '1,2',
      'L',
      '1L',
      '5#3',
      '*/0',
      'H',
      'JAN',
      'MON-FRI',
      '-',
      '',
    );
    const cron = fc
      .array(token, { minLength: 0, maxLength: 7 })
      .chain((tokens) => fc.constantFrom(tokens.join(' '), `@${tokens.join('')}`, '@daily'));
    fc.assert(
      fc.property(cron, zone, minimum, now, (expression, timezone, minIntervalSeconds, at) => {
        expectResult(checkSchedule({ cron: expression, timezone, minIntervalSeconds, now: at, count: 3 }));
      }),
      { numRuns: 200 },
    );
  });

  it('on values of the wrong type', () => {
    const garbage = [undefined, null, 42, {}, [], Number.NaN];
    for (const value of garbage) {
      const input = { cron: value, timezone: value, minIntervalSeconds: value, now: value, count: value };
      expectResult(checkSchedule(input as unknown as CheckScheduleInput));
      expectResult(checkSchedule({ cron: '@daily', timezone: 'UTC', minIntervalSeconds: 60, now: value } as never));
    }
    expectResult(checkSchedule(undefined as unknown as CheckScheduleInput));
  });
});
