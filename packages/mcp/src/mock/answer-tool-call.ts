import { type MockProtocolError, type MockTool, type MockToolResponse } from './mock-schema';
import { isRecord } from '@mcptest/core';

/*
 * Decides how a mock tool answers one call: pure, so the matching and templating rules are table-tested without a
 * server. The server applies the delay and sends the answer.
 */

/** A tool result as sent on the wire (CallToolResult). */
export interface MockCallResult {
  content: unknown[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  _meta?: Record<string, unknown>;
}

/** How to answer: a result (which may be a tool error) or a JSON-RPC error, after `delayMs`. */
export type MockAnswer =
  | { kind: 'result'; result: MockCallResult; delayMs: number }
  | { kind: 'error'; error: MockProtocolError; delayMs: number };

/**
 * Deep partial match of `when` against the call's arguments: every key of a mapping must be present and match
 * (extra argument keys are ignored), lists match element by element with the same length, scalars must be equal
 * (strictly: `1` does not match `"1"`).
 */
export function matchesArguments(when: unknown, actual: unknown): boolean {
  if (isRecord(when)) {
    if (!isRecord(actual)) return false;
    return Object.entries(when).every(
      ([key, expected]) => Object.prototype.hasOwnProperty.call(actual, key) && matchesArguments(expected, actual[key]),
    );
  }
  if (Array.isArray(when)) {
    return (
      Array.isArray(actual) &&
      actual.length === when.length &&
      when.every((expected, index) => matchesArguments(expected, actual[index]))
    );
  }
  return when === actual;
}

const PLACEHOLDER = /\{\{\s*args(?:\.([A-Za-z0-9_$-]+(?:\.[A-Za-z0-9_$-]+)*))?\s*\}\}/g;
const WHOLE_PLACEHOLDER = /^\{\{\s*args(?:\.([A-Za-z0-9_$-]+(?:\.[A-Za-z0-9_$-]+)*))?\s*\}\}$/;

/** The argument at a dotted path (`filter.tags.0`); the whole arguments object for no path. */
function argumentAt(args: Record<string, unknown>, dotted: string | undefined): unknown {
  if (dotted === undefined) return args;
  let current: unknown = args;
  for (const segment of dotted.split('.')) {
    if (Array.isArray(current) && /^\d+$/.test(segment)) current = current[Number(segment)];
    else if (isRecord(current) && Object.prototype.hasOwnProperty.call(current, segment)) current = current[segment];
    else return undefined;
  }
  return current;
}

function asText(value: unknown): string {
  if (value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Replaces `{{args}}` / `{{args.path}}` in a string: strings as they are, other values as JSON, missing as "". */
export function renderArgsTemplate(text: string, args: Record<string, unknown>): string {
  return text.replace(PLACEHOLDER, (_match, dotted: string | undefined) => asText(argumentAt(args, dotted)));
}

/**
 * Renders every string inside `value`. With `keepTypes`, a string that is exactly one placeholder becomes the
 * argument itself (a number stays a number), so structuredContent can still satisfy an outputSchema.
 */
function renderDeep(value: unknown, args: Record<string, unknown>, keepTypes: boolean): unknown {
  if (typeof value === 'string') {
    const whole = keepTypes ? WHOLE_PLACEHOLDER.exec(value) : null;
    if (whole) {
      const argument = argumentAt(args, whole[1]);
      if (argument !== undefined) return argument;
    }
    return renderArgsTemplate(value, args);
  }
  if (Array.isArray(value)) return value.map((item) => renderDeep(item, args, keepTypes));
  if (isRecord(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, renderDeep(item, args, keepTypes)]));
  }
  return value;
}

function render(response: MockToolResponse, args: Record<string, unknown>): MockCallResult {
  return {
    content: renderDeep(response.content, args, false) as unknown[],
    ...(response.structuredContent === undefined
      ? {}
      : { structuredContent: renderDeep(response.structuredContent, args, true) as Record<string, unknown> }),
    ...(response.isError === undefined ? {} : { isError: response.isError }),
    ...(response._meta === undefined ? {} : { _meta: response._meta }),
  };
}

/**
 * How `tool` answers a call with `args`: the first `responses` case whose `when` matches; else the tool's `error` or
 * `response`; else, when `responses` exist but none matched, a tool error saying so; else empty content.
 */
export function answerToolCall(tool: MockTool, args: Record<string, unknown>): MockAnswer {
  const toolDelay = tool.delay_ms ?? 0;
  for (const entry of tool.responses ?? []) {
    if (!matchesArguments(entry.when ?? {}, args)) continue;
    const delayMs = entry.delay_ms ?? toolDelay;
    if (entry.error) return { kind: 'error', error: entry.error, delayMs };
    return { kind: 'result', result: render(entry.response ?? { content: [] }, args), delayMs };
  }
  if (tool.error) return { kind: 'error', error: tool.error, delayMs: toolDelay };
  if (tool.response) return { kind: 'result', result: render(tool.response, args), delayMs: toolDelay };
  if (tool.responses !== undefined && tool.responses.length > 0) {
    return {
      kind: 'result',
      result: {
        content: [
          {
            type: 'text',
            text: `mock tool "${tool.name}": no \`responses\` case matches the arguments ${JSON.stringify(args)}`,
          },
        ],
        isError: true,
      },
      delayMs: toolDelay,
    };
  }
  return { kind: 'result', result: { content: [] }, delayMs: toolDelay };
}
