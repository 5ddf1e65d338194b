import { CronExpression, CronExpressionParser, CronFieldCollection } from 'cron-parser';
import { formatInterval } from './format-interval';

export interface CheckScheduleInput {
  /** 5 fields (minute hour day-of-month month day-of-week), 6 with leading seconds, or an alias such as `@daily`. */
  cron: string;
  /** IANA zone the pattern is read in, e.g. `Europe/Berlin`. */
  timezone: string;
  /** Plan minimum between two consecutive firings, in seconds (0 or less: no limit). */
  minIntervalSeconds: number;
  /** Epoch ms the next firings are computed from. */
  now: number;
  /** How many next firings to return (default 5, at most 100). */
  count?: number;
}

export type CheckScheduleErrorCode = 'invalid_cron' | 'invalid_timezone' | 'too_frequent';

export type CheckScheduleResult =
  | {
      ok: true;
      /** The next `count` firings after `now`, ISO 8601 in UTC. */
      next: string[];
      /** The pattern has second resolution (6 fields, or `@secondly`). */
      seconds: boolean;
    }
  | { ok: false; code: CheckScheduleErrorCode; message: string };

/**
 * The aliases cron-parser 5.10 expands (its `PredefinedExpressions`, which it does not export), and whether the
 * expansion fires more than once a minute. Matched case-sensitively, as cron-parser does, so what passes here parses
 * the same way in the scheduler.
 */
const ALIASES: Readonly<Record<string, { seconds: boolean }>> = {
  '@yearly': { seconds: false },
  '@annually': { seconds: false },
  '@monthly': { seconds: false },
  '@weekly': { seconds: false },
  '@daily': { seconds: false },
  '@hourly': { seconds: false },
  '@minutely': { seconds: false },
  '@secondly': { seconds: true },
  '@weekdays': { seconds: false },
  '@weekends': { seconds: false },
};

const DEFAULT_COUNT = 5;
const MAX_COUNT = 100;
/** Firing days walked, at most, when the day fields are restricted and a day step could decide the answer... */
const DAY_WALK_MAX = 400;
/** ...and how far ahead: weekdays and leap days repeat every 28 years (1901-2099). */
const DAY_WALK_MS = 28 * 365.25 * 86_400_000;
const DAY_SECONDS = 86_400;
const QUOTE_MAX = 80;

/**
 * Validates a suite schedule (cron pattern + IANA zone) against the plan's minimum interval and returns its next
 * firings. Never throws: every failure, garbage input included, is an `ok: false` with a message for the user.
 *
 * - Accepts 5 fields, 6 fields (leading seconds) and cron-parser's aliases (`@hourly`, `@daily`, ...; exact case).
 *   Fewer than 5 fields are rejected (cron-parser would silently pad them), and so are 7 fields (years: cron-parser
 *   has no year field) and `H` hashed values (cron-parser picks them at random per parse unless seeded, so the
 *   firings shown here would not be the ones that run). Surrounding whitespace is ignored: store `cron.trim()`.
 * - The zone is validated with Intl first, so an unknown zone is reported by name instead of failing inside
 *   cron-parser.
 * - too_frequent compares the smallest gap between consecutive firings with `minIntervalSeconds`. The gap is worked out
 *   from the fields, not by walking firings (cron-parser needs 50-200 µs per firing, so a 48 h walk of a 5-minute
 *   pattern took 70 ms): the times of day are a product of second x minute x hour sets, so consecutive firings within
 *   a day are consecutive seconds, or last second -> first second across consecutive minutes, and so on up to the
 *   hour, and last -> first time of day across consecutive days (so `0,1 * * * *`, `0 0,23 * * *` and `* * 1 * *`
 *   are exact). When day of month, month or weekday is restricted and a step between firing days could decide the
 *   answer (a plan minimum above a day, or several times a day), up to 400 firing days (28 years at most) are walked with cron-parser; with the plans' minimums (1 h at most) that
 *   only happens for patterns spanning more than 23 h of a day.
 *   The gaps are the pattern's nominal ones, in UTC: DST can shorten a real gap by up to an hour in the zone (a daily
 *   02:30 in Europe/Berlin runs at 03:30 CEST on spring-forward day, then 23 h later), and whether a schedule is
 *   accepted must not depend on the week it is saved in. The next firings themselves are computed in the zone.
 */
export function checkSchedule(input: CheckScheduleInput): CheckScheduleResult {
  try {
    return checkScheduleUnsafe(input);
  } catch (error) {
    // Defensive: cron-parser and luxon have surprised before; a schedule check must never take a request down.
    const cron = typeof input?.cron === 'string' ? input.cron : String(input?.cron);
    return invalidCron(`cron \`${quote(cron)}\` could not be evaluated: ${reason(error)}`);
  }
}

function checkScheduleUnsafe(input: CheckScheduleInput): CheckScheduleResult {
  if (typeof input.cron !== 'string') return invalidCron('cron must be a string');
  const cron = input.cron.trim();
  const shape = readShape(cron);
  if (!shape.ok) return shape;

  const zone = input.timezone;
  if (!isKnownZone(zone)) {
    return {
      ok: false,
      code: 'invalid_timezone',
      message: `unknown timezone \`${quote(String(zone))}\`: use an IANA name such as Europe/Berlin or UTC`,
    };
  }

  const now = input.now;
  if (typeof now !== 'number' || !Number.isFinite(now)) {
    return invalidCron(`cron \`${quote(cron)}\` could not be evaluated: now is not a time (${String(now)})`);
  }

  let zoned: CronExpression;
  let nominal: CronExpression;
  try {
    zoned = CronExpressionParser.parse(cron, { tz: zone, currentDate: now });
    nominal = CronExpressionParser.parse(cron, { tz: 'UTC', currentDate: now });
  } catch (error) {
    return invalidCron(`invalid cron \`${quote(cron)}\`: ${reason(error)}`);
  }

  const count = readCount(input.count);
  const next: string[] = [];
  try {
    for (let i = 0; i < count; i++) next.push(new Date(zoned.next().getTime()).toISOString());
  } catch (error) {
    // Valid syntax that cron-parser cannot find a firing for (its loop limit); say so rather than list nothing.
    if (next.length === 0) return invalidCron(`cron \`${quote(cron)}\` never fires: ${reason(error)}`);
  }

  const minInterval = input.minIntervalSeconds;
  if (typeof minInterval === 'number' && minInterval > 0 && Number.isFinite(minInterval)) {
    // The finest a pattern can fire is once a second with several second values, once a minute otherwise; a plan
    // minimum at or below that cannot be violated, so skip the work.
    const floor = nominal.fields.second.values.length > 1 ? 1 : 60;
    if (minInterval > floor) {
      const gaps = nominalGaps(nominal, now, minInterval);
      if (gaps && gaps.min < minInterval) {
        const every =
          gaps.min === gaps.max
            ? `fires every ${formatInterval(gaps.min)}`
            : `can fire ${formatInterval(gaps.min)} apart`;
        return {
          ok: false,
          code: 'too_frequent',
          message: `cron \`${quote(cron)}\` ${every}; your plan allows at most one run every ${formatInterval(minInterval)}`,
        };
      }
    }
  }

  return { ok: true, next, seconds: shape.seconds };
}

type Shape = { ok: true; seconds: boolean } | { ok: false; code: 'invalid_cron'; message: string };

/** Field count, aliases and `H`: what cron-parser accepts but the service must not. */
function readShape(cron: string): Shape {
  if (cron === '') return invalidCron('cron is empty: expected 5 fields (minute hour day month weekday)');
  if (cron.startsWith('@')) {
    const alias = Object.hasOwn(ALIASES, cron) ? ALIASES[cron] : undefined;
    if (alias === undefined) {
      return invalidCron(`unknown cron alias \`${quote(cron)}\`: use one of ${Object.keys(ALIASES).join(', ')}`);
    }
    return { ok: true, seconds: alias.seconds };
  }
  const fields = cron.split(/\s+/);
  if (fields.length !== 5 && fields.length !== 6) {
    return invalidCron(
      `invalid cron \`${quote(cron)}\`: expected 5 fields (minute hour day month weekday) or 6 with leading seconds, got ${fields.length}`,
    );
  }
  // Month and weekday names (JAN, THU) may hold an H; cron-parser replaces them before it looks for hashes.
  const monthAndWeekday = fields.length - 2;
  const hashed = fields.some((field, i) =>
    (i >= monthAndWeekday ? field.replace(/[a-z]{3}/gi, '') : field).includes('H'),
  );
  if (hashed) {
    return invalidCron(
      `invalid cron \`${quote(cron)}\`: H (hashed) values are not supported, write the minute or hour you want`,
    );
  }
  return { ok: true, seconds: fields.length === 6 };
}

interface Range {
  min: number;
  max: number;
}

/**
 * The smallest gap between consecutive firings of the pattern read in UTC, in seconds, as far as it decides the
 * check against `minInterval` (undefined: no two firings found), and the largest, only to word the message ("fires
 * every" when both are equal; left at infinity where it is not worked out).
 */
function nominalGaps(expression: CronExpression, now: number, minInterval: number): Range | undefined {
  const { fields } = expression;
  const s = numbers(fields.second.values);
  const m = numbers(fields.minute.values);
  const h = numbers(fields.hour.values);
  const firstOfDay = (h[0] ?? 0) * 3_600 + (m[0] ?? 0) * 60 + (s[0] ?? 0);
  const lastOfDay = (h.at(-1) ?? 0) * 3_600 + (m.at(-1) ?? 0) * 60 + (s.at(-1) ?? 0);
  // Each term: the smallest and largest step between consecutive values of one field, times its unit, less what the
  // finer fields span (from their last value back to their first).
  const terms: Range[] = [];
  const add = (steps: Range | undefined, unit: number, span: number) => {
    if (steps) terms.push({ min: steps.min * unit - span, max: steps.max * unit - span });
  };
  add(steps(s), 1, 0);
  add(steps(m), 60, (s.at(-1) ?? 0) - (s[0] ?? 0));
  add(steps(h), 3_600, (m.at(-1) ?? 0) * 60 + (s.at(-1) ?? 0) - ((m[0] ?? 0) * 60 + (s[0] ?? 0)));
  const daySpan = lastOfDay - firstOfDay;
  const everyDay = fields.dayOfMonth.isWildcard && fields.dayOfWeek.isWildcard && fields.month.values.length === 12;
  if (everyDay) {
    add({ min: 1, max: 1 }, DAY_SECONDS, daySpan);
  } else {
    // Restricted days (day of month, month, weekday; L and # included): which day steps occur depends on the
    // calendar, so walk the firing days with cron-parser, but only when a day step could decide the answer: it is too
    // frequent below `threshold` days, and days are at least 1 apart.
    const withinDay = Math.min(...terms.map((term) => term.min));
    const threshold = (minInterval + daySpan) / DAY_SECONDS;
    if (!(withinDay < minInterval) && threshold > 1) {
      const step = dayStepBelow(fields, now, threshold);
      if (step !== undefined) add({ min: step, max: step }, DAY_SECONDS, daySpan);
    }
    for (const term of terms) term.max = Number.POSITIVE_INFINITY; // gaps differ across days
  }
  if (terms.length === 0) return undefined;
  return { min: Math.min(...terms.map((t) => t.min)), max: Math.max(...terms.map((t) => t.max)) };
}

/**
 * A step, in days, between consecutive firing days that is below `threshold`, looking at up to 400 firing days and 28
 * years from `now`; undefined if none.
 */
function dayStepBelow(fields: CronFieldCollection, now: number, threshold: number): number | undefined {
  const days = CronExpression.fieldsToExpression(
    CronFieldCollection.from(fields, { second: [0], minute: [0], hour: [0] }),
    { tz: 'UTC', currentDate: now },
  );
  let previous: number | undefined;
  for (let i = 0; i < DAY_WALK_MAX; i++) {
    let at: number;
    try {
      at = days.next().getTime();
    } catch {
      return undefined; // no further firing (cron-parser's loop limit)
    }
    if (previous !== undefined) {
      const step = Math.round((at - previous) / (DAY_SECONDS * 1000));
      if (step < threshold) return step;
    }
    if (at - now > DAY_WALK_MS) return undefined;
    previous = at;
  }
  return undefined;
}

/** Sorted distinct numbers of a field (`L` and other markers dropped; they only occur in day fields). */
function numbers(values: readonly (number | string)[]): number[] {
  return [...new Set(values.filter((v): v is number => typeof v === 'number'))].sort((a, b) => a - b);
}

/** Smallest and largest difference between consecutive values (undefined for fewer than two). */
function steps(values: readonly number[]): Range | undefined {
  if (values.length < 2) return undefined;
  let min = Number.POSITIVE_INFINITY;
  let max = 0;
  for (let i = 1; i < values.length; i++) {
    const step = (values[i] ?? 0) - (values[i - 1] ?? 0);
    min = Math.min(min, step);
    max = Math.max(max, step);
  }
  return { min, max };
}

function isKnownZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || zone === '') return false;
  try {
    new Intl.DateTimeFormat(undefined, { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function readCount(count: number | undefined): number {
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) return DEFAULT_COUNT;
  return Math.min(count, MAX_COUNT);
}

function invalidCron(message: string): { ok: false; code: 'invalid_cron'; message: string } {
  return { ok: false, code: 'invalid_cron', message };
}

/** Long garbage must not become a long message. */
function quote(text: string): string {
  return text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX)}…` : text;
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
