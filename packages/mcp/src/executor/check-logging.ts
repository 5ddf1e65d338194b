import type { SuiteLoggingExpect } from '@mcptest/core';

/** One notifications/message as the executor captured it. `data` is the message's data as text. */
export interface CapturedLogMessage {
  level: string;
  logger?: string;
  data: string;
}

export type CheckOutcome = { ok: true } | { ok: false; message: string };

/**
 * Checks `assert_logging.expect` against the log messages captured during the assertion, in mcp-assert's order
 * (min_messages, then contains_level, then contains_data) and with its messages, so the first failure is reported.
 */
export function checkLogging(expect: SuiteLoggingExpect, messages: readonly CapturedLogMessage[]): CheckOutcome {
  if (expect.min_messages !== undefined && messages.length < expect.min_messages) {
    return {
      ok: false,
      message: `expected at least ${expect.min_messages} log message(s), got ${messages.length}${seen(messages)}`,
    };
  }
  for (const level of expect.contains_level ?? []) {
    if (!messages.some((m) => m.level === level)) {
      return { ok: false, message: `expected log message at level "${level}", not found${seen(messages)}` };
    }
  }
  for (const wanted of expect.contains_data ?? []) {
    if (!messages.some((m) => m.data.includes(wanted))) {
      return {
        ok: false,
        message: `expected log data containing ${JSON.stringify(wanted)}, not found${seen(messages)}`,
      };
    }
  }
  return { ok: true };
}

/** The text a log message's `data` is matched against: strings as they are, anything else as JSON. */
export function logDataText(data: unknown): string {
  if (typeof data === 'string') return data;
  if (data === undefined) return '';
  return JSON.stringify(data) ?? String(data);
}

/** What was captured, so a failure shows what came instead (levels only, at most 10). */
function seen(messages: readonly CapturedLogMessage[]): string {
  if (messages.length === 0) return '';
  const levels = messages.slice(0, 10).map((m) => m.level);
  return ` (got levels: ${levels.join(', ')}${messages.length > 10 ? ', …' : ''})`;
}
