import { CronExpressionParser } from 'cron-parser';
import { fnv1a } from '../util/fnv1a';

/**
 * Where inside its minute a minute-resolution schedule fires: a 5-field cron (or a minute-level alias such as
 * `@hourly`) names a minute, not a second, so each suite fires at its own stable second of that minute (0-59.999 s,
 * from its id). 100,000 suites on `*\/5 * * * *` then spread over 60 s instead of all firing at :00.000, a suite keeps
 * its second across restarts and workers, and every firing still falls inside the minute the cron names (the times
 * the UI lists). A 6-field cron names its second and fires on it: offset 0.
 */
export function scheduleOffsetMs(suiteId: string, cron: string): number {
  return hasSecondsField(cron) ? 0 : fnv1a(suiteId) % 60_000;
}

export interface NextScheduleFireInput {
  suiteId: string;
  /** A pattern `checkSchedule` accepted (5 or 6 fields, or an alias). */
  cron: string;
  /** IANA zone the pattern is read in. */
  timezone: string;
  /** Epoch ms; the result is strictly after it. */
  afterMs: number;
}

/**
 * The suite's next firing strictly after `afterMs` (epoch ms): the cron's next time in its zone plus the suite's
 * offset (`scheduleOffsetMs`), or undefined when the pattern cannot be read or never fires again. A late or slow
 * firing does not shift the slots, and after downtime the next slot is the first one after `afterMs`, so the missed
 * ones are skipped (the ticker fires the one it found due, once).
 */
export function nextScheduleFireAt(input: NextScheduleFireInput): number | undefined {
  const cron = input.cron.trim();
  const offset = scheduleOffsetMs(input.suiteId, cron);
  try {
    // cron-parser's next() is strictly after currentDate, so slot = t + offset > afterMs exactly when t > afterMs - offset.
    const expression = CronExpressionParser.parse(cron, { tz: input.timezone, currentDate: input.afterMs - offset });
    return expression.next().getTime() + offset;
  } catch {
    // Unreadable pattern or zone, or no further firing within cron-parser's search limit: not scheduled.
    return undefined;
  }
}

/** 6 fields, or `@secondly`: the pattern has second resolution (as `checkSchedule` reads it). */
function hasSecondsField(cron: string): boolean {
  const trimmed = cron.trim();
  if (trimmed.startsWith('@')) return trimmed === '@secondly';
  return trimmed.split(/\s+/).length === 6;
}

export interface SchedulableSuite {
  id: string;
  schedule: string | null;
  timezone: string;
  enabled: boolean;
  scheduleEnabled: boolean;
}

/**
 * The `Suite.nextFireAt` a suite's row should hold after it is saved at `nowMs`: its next slot when it has a schedule and
 * both the suite and its schedule are on, null otherwise (null rows are not in the ticker's due scan).
 */
export function suiteNextFireAt(suite: SchedulableSuite, nowMs: number): Date | null {
  if (!suite.enabled || !suite.scheduleEnabled || suite.schedule === null) return null;
  const next = nextScheduleFireAt({
    suiteId: suite.id,
    cron: suite.schedule,
    timezone: suite.timezone,
    afterMs: nowMs,
  });
  return next === undefined ? null : new Date(next);
}
