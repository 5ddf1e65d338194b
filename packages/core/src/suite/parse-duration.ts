/**
 * Durations in suites (`timeout: 15s`). The unit syntax is Go's time.ParseDuration, which mcp-assert uses, so its
 * files mean the same here: a sequence of decimal numbers with units (`1h30m`, `1.5s`, `250ms`). A bare number (YAML
 * `timeout: 30` or the string "30") means seconds, the unit people reach for; mcp-assert ignored such values.
 */

const UNIT_MS: Readonly<Record<string, number>> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  μs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

const PART = /(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h)/gy;
const BARE_NUMBER = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

/** A shown example for error messages. */
export const DURATION_EXAMPLE = 'e.g. 15s, 2m, 500ms or 1h30m; a bare number means seconds';

/** The parsed duration in whole milliseconds (rounded up, so 1us is 1ms, not 0), or why it is not one. */
export type DurationParse = { ok: true; ms: number } | { ok: false; message: string };

/** Parses a duration written as a string (`15s`) or a number of seconds (`30`). Never throws. */
export function parseDuration(value: unknown): DurationParse {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value <= 0) {
      return { ok: false, message: `a duration must be greater than 0, got ${String(value)}` };
    }
    return { ok: true, ms: Math.ceil(value * 1000) };
  }
  if (typeof value !== 'string') return { ok: false, message: 'expected a duration' };
  const text = value.trim();
  if (BARE_NUMBER.test(text)) return parseDuration(Number(text));
  if (text === '') return { ok: false, message: 'expected a duration, got an empty string' };
  let total = 0;
  let end = 0;
  PART.lastIndex = 0;
  for (let match = PART.exec(text); match !== null; match = PART.exec(text)) {
    const [, amount = '0', unit = 's'] = match;
    total += Number(amount) * (UNIT_MS[unit] ?? 0);
    end = PART.lastIndex;
  }
  if (end !== text.length) return { ok: false, message: `invalid duration "${value}"` };
  if (!(total > 0)) return { ok: false, message: `a duration must be greater than 0, got "${value}"` };
  if (!Number.isSafeInteger(Math.ceil(total))) return { ok: false, message: `duration "${value}" is too long` };
  return { ok: true, ms: Math.ceil(total) };
}
