import { assertNever } from '../result/run-result';
import type { TraceEntry, TrajectoryAssertion } from './trajectory-schema';
import { isRecord } from '../util/is-record';

/** Why an audit log could not be read. `line` is 1-based, counting blank lines, so editors jump to it. */
export interface AuditLogError {
  code: 'invalid_json' | 'not_an_object';
  line: number;
  message: string;
}

export type ParseAuditLogResult = { ok: true; trace: TraceEntry[] } | { ok: false; error: AuditLogError };

/**
 * Parses a JSONL audit log (one JSON object per line) into a trace, as mcp-assert does: blank lines are skipped;
 * lines whose `tool` is not a non-empty string are skipped too, because agent audit logs interleave other events
 * (`{"action":"session_start"}`) with tool calls; `args` is kept only when it is an object. A line that is not JSON,
 * or JSON that is not an object, stops parsing with its line number. Never throws.
 */
export function parseAuditLog(text: string): ParseAuditLogResult {
  const trace: TraceEntry[] = [];
  const lines = text.split('\n');
  for (const [index, rawLine] of lines.entries()) {
    const line = rawLine.trim();
    if (line === '') continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e);
      return {
        ok: false,
        error: {
          code: 'invalid_json',
          line: index + 1,
          message: `audit log line ${index + 1}: invalid JSON: ${reason}`,
        },
      };
    }
    // mcp-assert decodes `null` into an empty map (skipped as a non-tool line); arrays and scalars are errors there too.
    if (parsed === null) continue;
    if (!isRecord(parsed)) {
      return {
        ok: false,
        error: {
          code: 'not_an_object',
          line: index + 1,
          message: `audit log line ${index + 1}: expected a JSON object like {"tool": "...", "args": {...}}, got ${jsonType(parsed)}`,
        },
      };
    }
    const tool = parsed.tool;
    if (typeof tool !== 'string' || tool === '') continue;
    const args = parsed.args;
    trace.push(isRecord(args) ? { tool, args } : { tool });
  }
  return { ok: true, trace };
}

export type CheckTrajectoryResult = { ok: true } | { ok: false; failure: { assertion: string; message: string } };

/**
 * Checks trajectory assertions against a trace, in order, and reports the first failure (mcp-assert's semantics):
 * - `order`: the tools appear as a subsequence of the trace (other calls may sit in between; matched greedily).
 * - `presence`: each tool appears at least once.
 * - `absence`: no tool of the list appears.
 * - `args_contain`: the FIRST call of the tool has every expected key with a matching value; extra keys are fine.
 *   Later calls are not consulted, so "the first rename used new_name X" is what is asserted. Values match when equal,
 *   or when one is a string and the other a number or boolean with the same text (`line: "6"` matches `6`), because
 *   mcp-assert compares the printed forms; objects and arrays must match exactly (same keys), element by element.
 *
 * `failure.assertion` locates the assertion (`trajectory[2] (args_contain)`); `failure.message` carries mcp-assert's
 * message prefix (`args_contain: ...`) and the actual trace's tool names, trimmed.
 */
export function checkTrajectory(
  trace: readonly TraceEntry[],
  assertions: readonly TrajectoryAssertion[],
): CheckTrajectoryResult {
  for (const [index, assertion] of assertions.entries()) {
    const message = checkOne(trace, assertion);
    if (message !== undefined) {
      return { ok: false, failure: { assertion: `trajectory[${index}] (${assertion.type})`, message } };
    }
  }
  return { ok: true };
}

/** Returns the failure message, or undefined when the assertion holds. */
function checkOne(trace: readonly TraceEntry[], assertion: TrajectoryAssertion): string | undefined {
  switch (assertion.type) {
    case 'order':
      return checkOrder(trace, assertion.tools);
    case 'presence':
      return checkPresence(trace, assertion.tools);
    case 'absence':
      return checkAbsence(trace, assertion.tools);
    case 'args_contain':
      return checkArgsContain(trace, assertion.tool, assertion.args);
    default:
      return assertNever(assertion);
  }
}

function checkOrder(trace: readonly TraceEntry[], tools: readonly string[]): string | undefined {
  let matched = 0;
  for (const entry of trace) {
    if (matched < tools.length && entry.tool === tools[matched]) matched++;
  }
  if (matched === tools.length) return undefined;
  const want = `want order: ${formatNames(tools)}; got: ${formatNames(trace.map((e) => e.tool))}`;
  if (matched === 0) return `order: ${quote(tools[0])} not found in trace (${want})`;
  return `order: found ${quote(tools[matched - 1])} but ${quote(tools[matched])} did not follow (${want})`;
}

function checkPresence(trace: readonly TraceEntry[], tools: readonly string[]): string | undefined {
  const seen = new Set(trace.map((e) => e.tool));
  const missing = tools.find((tool) => !seen.has(tool));
  if (missing === undefined) return undefined;
  return `presence: ${quote(missing)} not found in trace (got: ${formatNames(trace.map((e) => e.tool))})`;
}

function checkAbsence(trace: readonly TraceEntry[], tools: readonly string[]): string | undefined {
  const forbidden = new Set(tools);
  const index = trace.findIndex((e) => forbidden.has(e.tool));
  if (index === -1) return undefined;
  const names = trace.map((e) => e.tool);
  return `absence: ${quote(names[index])} appeared in trace but should not have (call ${index + 1} of ${names.length}: ${formatNames(names)})`;
}

function checkArgsContain(
  trace: readonly TraceEntry[],
  tool: string,
  expected: Readonly<Record<string, unknown>>,
): string | undefined {
  const call = trace.find((e) => e.tool === tool);
  if (call === undefined) {
    return `args_contain: ${quote(tool)} not found in trace (got: ${formatNames(trace.map((e) => e.tool))})`;
  }
  const actual = call.args ?? {};
  for (const [key, want] of Object.entries(expected)) {
    if (!Object.hasOwn(actual, key)) {
      return `args_contain: ${quote(tool)} called without arg ${quote(key)} (first call args: ${formatValue(actual)})`;
    }
    const got = actual[key];
    if (!trajectoryArgsMatch(want, got)) {
      return `args_contain: ${quote(tool)} arg ${quote(key)}: want ${formatValue(want)}, got ${formatValue(got)} (first call)`;
    }
  }
  return undefined;
}

/**
 * Loose equality matching mcp-assert's "compare the printed forms": scalars of different types match when their text
 * does (`"6"` and `6`, `"true"` and `true`); objects need the same keys; arrays the same length. Unlike the Go printed
 * form, numbers compare by value, so `1000000` matches whether it came from YAML or from a JSONL log.
 */
export function trajectoryArgsMatch(expected: unknown, actual: unknown): boolean {
  if (Array.isArray(expected) || Array.isArray(actual)) {
    if (!Array.isArray(expected) || !Array.isArray(actual) || expected.length !== actual.length) return false;
    return expected.every((item, i) => trajectoryArgsMatch(item, actual[i]));
  }
  if (isRecord(expected) || isRecord(actual)) {
    if (!isRecord(expected) || !isRecord(actual)) return false;
    const keys = Object.keys(expected);
    if (keys.length !== Object.keys(actual).length) return false;
    return keys.every((k) => Object.hasOwn(actual, k) && trajectoryArgsMatch(expected[k], actual[k]));
  }
  if (expected === actual) return true;
  if (isTextual(expected) && isTextual(actual)) {
    // Only mixed string/scalar pairs reach here as equal text: same-typed scalars already compared with ===.
    return (typeof expected === 'string' || typeof actual === 'string') && String(expected) === String(actual);
  }
  return false;
}

function isTextual(v: unknown): v is string | number | boolean {
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
}

function jsonType(v: unknown): string {
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'string') return 'a string';
  if (typeof v === 'number') return 'a number';
  if (typeof v === 'boolean') return 'a boolean';
  return typeof v;
}

const MAX_NAMES = 20;
const MAX_VALUE_CHARS = 200;

function quote(s: string | undefined): string {
  return JSON.stringify(s ?? '');
}

/** `[a, b, c]`, like mcp-assert, with long traces cut to their first names so one failure stays one line. */
function formatNames(names: readonly string[]): string {
  if (names.length <= MAX_NAMES) return `[${names.join(', ')}]`;
  return `[${names.slice(0, MAX_NAMES).join(', ')}, … ${names.length - MAX_NAMES} more]`;
}

function formatValue(v: unknown): string {
  const text = JSON.stringify(v) ?? String(v);
  return text.length <= MAX_VALUE_CHARS ? text : `${text.slice(0, MAX_VALUE_CHARS)}… (${text.length} chars)`;
}
