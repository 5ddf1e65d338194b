import { RE2JS } from 're2js';
import { z } from 'zod';
import type { Expect } from './expect-schema';
import { validateOutputSchema } from './validate-output-schema';
import { isRecord } from '../util/is-record';

/*
 * The checker: given an `expect:` block and what a tool call produced, decide pass or fail. Pure: the executor does
 * the call, reads the files named by `filesToObserve`, loads the stored snapshot, and hands everything over as data.
 *
 * Semantics follow mcp-assert's checker (internal/assertion/checker.go) where they are observable: the same result
 * text, the same evaluation order with only the first failure reported (so `not_error` guards the content checks
 * after it), the same JSON extraction and `%v`-style value comparison. Deliberate differences, all of which only turn
 * an mcp-assert failure or crash into something sensible: json_path also accepts `$`, `$[N]` and `a[0][1]`; a
 * pretty-printed JSON value after prose is found; file checks iterate paths in sorted order (Go's map order is random);
 * numbers compare by their JavaScript string form.
 */

/** A content block of a CallToolResult. Only `text` blocks are read; image, audio and resource blocks are ignored. */
export interface ToolContentBlock {
  readonly type: string;
  readonly text?: unknown;
}

/** The parts of an MCP CallToolResult the checker reads (the SDK's CallToolResult is assignable to it). */
export interface ToolCallResultData {
  readonly content?: readonly ToolContentBlock[] | undefined;
  readonly structuredContent?: unknown;
  readonly isError?: unknown;
}

/** A file as the executor found it. `unreadable` is any read error other than "does not exist". */
export type ObservedFile =
  | { readonly state: 'present'; readonly content: string }
  | { readonly state: 'absent' }
  | { readonly state: 'unreadable'; readonly reason: string };

/** A file read before the tool call (only for file_unchanged) and after it. */
export interface ObservedFileStates {
  readonly before?: ObservedFile;
  readonly after?: ObservedFile;
}

/** Everything the checker needs to know about one tool call. */
export interface ToolObservation {
  readonly result: ToolCallResultData;
  /** Wall time of the tools/call request, for max_ms. */
  readonly durationMs: number;
  /**
   * notifications/progress received during setup and the call. Leave undefined when they were not captured: like
   * mcp-assert (which counts only with `capture_progress: true`), min_progress is then not checked.
   */
  readonly progressNotifications?: number;
  /** The tool's declared outputSchema from tools/list, for output_schema. */
  readonly outputSchema?: unknown;
  /** Keyed by the path exactly as written in the expect block (see `filesToObserve`). */
  readonly files?: Readonly<Record<string, ObservedFileStates>>;
}

/** What a snapshot stores: the result text (as the text expectations see it), isError, and structuredContent. */
export const ToolSnapshot = z.object({
  text: z.string(),
  isError: z.boolean(),
  structuredContent: z.unknown().optional(),
});
export type ToolSnapshot = z.infer<typeof ToolSnapshot>;

export interface CheckToolResultOptions {
  /** The stored snapshot for this assertion (undefined when none is stored); only read when `expect.snapshot` is set. */
  snapshot?: unknown;
  /** Update mode: a missing or different snapshot passes and is returned as `snapshotUpdate` for the store to write. */
  updateSnapshots?: boolean;
}

export type ExpectKey = keyof Expect;

/** The first expectation that failed, with what was expected and what came back (both trimmed). */
export interface ExpectationFailure {
  expectation: ExpectKey;
  expected: string;
  got: string;
  /** One human-readable line (or a few): what was expected and what came back. */
  message: string;
}

export type CheckToolResultOutcome =
  { ok: true; snapshotUpdate?: ToolSnapshot } | { ok: false; failure: ExpectationFailure };

/** Longest excerpt of a response or file shown in a failure, in characters (as mcp-assert's `%.200s`). */
export const MAX_EXCERPT = 200;

/**
 * The order expectations are evaluated in; the first failure is the one reported. mcp-assert's order (its check
 * registry, then file_unchanged, then min_progress), followed by mcptest's additions. Keys checked together share a
 * slot: min_results and max_results (one count), and the three text-list checks in mcp-assert's order.
 */
export const EXPECTATION_ORDER: readonly ExpectKey[] = [
  'not_error',
  'is_error',
  'not_empty',
  'equals',
  'contains',
  'contains_any',
  'not_contains',
  'matches_regex',
  'json_path',
  'min_results',
  'max_results',
  'net_delta',
  'file_contains',
  'file_not_contains',
  'file_not_exists',
  'in_order',
  'file_unchanged',
  'min_progress',
  'output_schema',
  'structured_content',
  'max_ms',
  'snapshot',
];

/**
 * The files the executor must read for an expect block: `before` the tool call (file_unchanged) and `after` it (every
 * file_* expectation). Paths are returned as written (sorted, deduplicated); the executor resolves them (e.g.
 * `{{fixture}}`, relative to the fixture directory) and keys `ToolObservation.files` by these same strings.
 */
export function filesToObserve(expect: Expect): { before: string[]; after: string[] } {
  const before = new Set(expect.file_unchanged ?? []);
  const after = new Set([
    ...Object.keys(expect.file_contains ?? {}),
    ...Object.keys(expect.file_not_contains ?? {}),
    ...(expect.file_not_exists ?? []),
    ...before,
  ]);
  return { before: [...before].sort(), after: [...after].sort() };
}

/** The snapshot key: `snapshot: { name }` when given, else the assertion's name; undefined when no snapshot is asked. */
export function snapshotName(expect: Expect, assertionName: string): string | undefined {
  if (expect.snapshot === undefined || expect.snapshot === false) return undefined;
  return expect.snapshot === true ? assertionName : (expect.snapshot.name ?? assertionName);
}

/** The text expectations see: every text block's text, joined with "\n" (mcp-assert's extractText). */
export function resultText(result: ToolCallResultData): string {
  const parts: string[] = [];
  for (const block of result.content ?? []) {
    if (block.type === 'text' && typeof block.text === 'string') parts.push(block.text);
  }
  return parts.join('\n');
}

/** The snapshot of a result, as `snapshotUpdate` returns it and as a stored one is compared. */
export function toolSnapshot(result: ToolCallResultData): ToolSnapshot {
  const snapshot: ToolSnapshot = { text: resultText(result), isError: result.isError === true };
  if (result.structuredContent !== undefined) snapshot.structuredContent = result.structuredContent;
  return snapshot;
}

/**
 * Checks one tool result against an expect block. Unset expectations (and `false` booleans) check nothing; the
 * others run in `EXPECTATION_ORDER` and the first failure is returned. Never throws.
 */
export function checkToolResult(
  expect: Expect,
  observation: ToolObservation,
  options: CheckToolResultOptions = {},
): CheckToolResultOutcome {
  const context: CheckContext = {
    expect,
    observation,
    text: resultText(observation.result),
    isError: observation.result.isError === true,
  };
  for (const check of CHECKS) {
    const failure = check(context);
    if (failure) return { ok: false, failure };
  }
  if (expect.snapshot === undefined || expect.snapshot === false) return { ok: true };
  return checkSnapshot(observation.result, options);
}

interface CheckContext {
  expect: Expect;
  observation: ToolObservation;
  text: string;
  isError: boolean;
}

type Check = (context: CheckContext) => ExpectationFailure | undefined;

function fail(expectation: ExpectKey, expected: string, got: string, message: string): ExpectationFailure {
  return { expectation, expected, got, message };
}

/** At most MAX_EXCERPT characters (code points, so no half surrogate pairs), with an ellipsis when cut. */
export function trimExcerpt(value: string, max = MAX_EXCERPT): string {
  if (value.length <= max) return value;
  const points = Array.from(value);
  return points.length <= max ? value : `${points.slice(0, max).join('')}…`;
}

/** Up to 60 characters either side of a match, so a failure shows the offending part of a long response. */
function excerptAround(value: string, index: number, length: number): string {
  const start = Math.max(0, index - 60);
  const end = Math.min(value.length, index + length + 60);
  return trimExcerpt(`${start > 0 ? '…' : ''}${value.slice(start, end)}${end < value.length ? '…' : ''}`);
}

const quote = (value: string): string => JSON.stringify(value);

/** JSON for messages (trimmed); `undefined` spelled out since JSON.stringify drops it. */
function show(value: unknown): string {
  return value === undefined ? 'undefined' : trimExcerpt(JSON.stringify(value) ?? String(value));
}

const checkNotError: Check = ({ expect, isError, text }) => {
  if (expect.not_error !== true || !isError) return undefined;
  const got = text === '' ? 'isError=true' : `isError=true: ${trimExcerpt(text)}`;
  const response = text === '' ? '' : `; server response: ${trimExcerpt(text)}`;
  return fail(
    'not_error',
    'isError absent or false',
    got,
    `expected no error but tool returned isError=true${response}`,
  );
};

const checkIsError: Check = ({ expect, isError, text }) => {
  if (expect.is_error !== true || isError) return undefined;
  return fail(
    'is_error',
    'isError=true',
    trimExcerpt(text),
    `expected error but tool returned isError=false, got: ${trimExcerpt(text)}`,
  );
};

const checkNotEmpty: Check = ({ expect, text }) => {
  if (expect.not_empty !== true) return undefined;
  const trimmed = text.trim();
  if (trimmed !== '' && trimmed !== 'null' && trimmed !== '[]' && trimmed !== '{}') return undefined;
  return fail('not_empty', 'a non-empty result', quote(trimmed), `expected non-empty result, got: ${quote(trimmed)}`);
};

const checkEquals: Check = ({ expect, text }) => {
  if (expect.equals === undefined || text.trim() === expect.equals.trim()) return undefined;
  const want = trimExcerpt(expect.equals);
  const got = trimExcerpt(text);
  return fail('equals', want, got, `expected exact match:\n  want: ${want}\n  got:  ${got}`);
};

const checkContains: Check = ({ expect, text }) => {
  for (const wanted of expect.contains ?? []) {
    if (!text.includes(wanted)) {
      const got = trimExcerpt(text);
      return fail(
        'contains',
        `to contain ${quote(wanted)}`,
        got,
        `expected result to contain ${quote(wanted)}, got: ${got}`,
      );
    }
  }
  return undefined;
};

const checkContainsAny: Check = ({ expect, text }) => {
  const candidates = expect.contains_any ?? [];
  if (candidates.length === 0 || candidates.some((candidate) => text.includes(candidate))) return undefined;
  const list = JSON.stringify(candidates);
  const got = trimExcerpt(text);
  return fail(
    'contains_any',
    `to contain at least one of ${list}`,
    got,
    `expected result to contain at least one of ${list}, got: ${got}`,
  );
};

const checkNotContains: Check = ({ expect, text }) => {
  for (const unwanted of expect.not_contains ?? []) {
    const index = text.indexOf(unwanted);
    if (index >= 0) {
      const got = excerptAround(text, index, unwanted.length);
      return fail(
        'not_contains',
        `not to contain ${quote(unwanted)}`,
        got,
        `expected result NOT to contain ${quote(unwanted)}, got: ${got}`,
      );
    }
  }
  return undefined;
};

const checkMatchesRegex: Check = ({ expect, text }) => {
  for (const pattern of expect.matches_regex ?? []) {
    const compiled = compileGoRegex(pattern);
    if (!compiled.ok) {
      return fail(
        'matches_regex',
        `a valid pattern`,
        quote(pattern),
        `matches_regex: invalid pattern ${quote(pattern)}: ${compiled.error}`,
      );
    }
    if (!compiled.regex.test(text)) {
      const got = trimExcerpt(text);
      return fail(
        'matches_regex',
        `to match ${quote(pattern)}`,
        got,
        `expected result to match regex ${quote(pattern)}, got: ${got}`,
      );
    }
  }
  return undefined;
};

/**
 * mcp-assert's patterns are Go RE2, and so are ours: re2js is RE2 in JavaScript, so Go's syntax (`(?i)`, `(?P<name>`,
 * `(?U)`, `\\z`) works as written and matching takes time linear in the text whatever the pattern (a tenant's
 * `^(a+)+$` cannot freeze a worker). What RE2 refuses (backreferences, lookaround) is an invalid pattern, as in Go.
 */
export function compileGoRegex(pattern: string): { ok: true; regex: GoRegex } | { ok: false; error: string } {
  const cached = regexCache.get(pattern);
  if (cached) return cached;
  let compiled: { ok: true; regex: GoRegex } | { ok: false; error: string };
  try {
    compiled = { ok: true, regex: RE2JS.compile(pattern) };
  } catch (error) {
    compiled = { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  if (regexCache.size >= REGEX_CACHE_LIMIT) regexCache.clear();
  regexCache.set(pattern, compiled);
  return compiled;
}

/** A compiled matches_regex pattern: `test` searches the text (unanchored, like Go's MatchString). */
export interface GoRegex {
  test(text: string): boolean;
}

/** Compiled patterns: a suite repeats its patterns across trials and runs; bounded so a worker does not grow. */
const regexCache = new Map<string, { ok: true; regex: GoRegex } | { ok: false; error: string }>();
const REGEX_CACHE_LIMIT = 500;

const checkJsonPath: Check = ({ expect, text }) => {
  const paths = expect.json_path ?? {};
  if (Object.keys(paths).length === 0) return undefined;
  const parsed = firstJsonValue(text);
  if (!parsed.ok) {
    return fail(
      'json_path',
      'a JSON result',
      trimExcerpt(text),
      `json_path: result is not valid JSON: ${parsed.error}; got: ${trimExcerpt(text)}`,
    );
  }
  return comparePaths('json_path', paths, parsed.value);
};

const checkStructuredContent: Check = ({ expect, observation }) => {
  const paths = expect.structured_content ?? {};
  if (Object.keys(paths).length === 0) return undefined;
  const { structuredContent } = observation.result;
  if (structuredContent === undefined || structuredContent === null) {
    return fail(
      'structured_content',
      'structuredContent',
      'none',
      'structured_content: the result has no structuredContent',
    );
  }
  return comparePaths('structured_content', paths, structuredContent);
};

/** Paths in sorted order (mcp-assert sorts them) so the reported failure is deterministic. */
function comparePaths(
  expectation: 'json_path' | 'structured_content',
  paths: Readonly<Record<string, unknown>>,
  root: unknown,
): ExpectationFailure | undefined {
  for (const path of Object.keys(paths).sort()) {
    const wanted = paths[path];
    const found = lookupPath(root, path);
    if (!found.ok) {
      return fail(
        expectation,
        `${path} = ${show(wanted)}`,
        found.error,
        `${expectation} ${quote(path)}: ${found.error}`,
      );
    }
    if (formatLikeGo(found.value) !== formatLikeGo(wanted)) {
      const got = show(found.value);
      return fail(
        expectation,
        `${path} = ${show(wanted)}`,
        got,
        `${expectation} ${quote(path)}: want ${show(wanted)}, got ${got}`,
      );
    }
  }
  return undefined;
}

/**
 * The string form mcp-assert compares with (Go's `%v` on decoded JSON): strings as themselves, so `"3"` matches `3`
 * and `"true"` matches `true`; null as `<nil>`; arrays as `[a b]`; objects as `map[k:v ...]` with sorted keys.
 */
export function formatLikeGo(value: unknown): string {
  if (value === null || value === undefined) return '<nil>';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return `[${value.map(formatLikeGo).join(' ')}]`;
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const entries = Object.keys(record)
      .sort()
      .map((key) => `${key}:${formatLikeGo(record[key])}`);
    return `map[${entries.join(' ')}]`;
  }
  return String(value);
}

type Lookup = { ok: true; value: unknown } | { ok: false; error: string };

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/**
 * mcp-assert's dot-path lookup: `$.a.b`, `a.b`, `$.a[0].b`. Also `$` (the root), `$[0]` (a root array) and
 * `a[0][1]` (nested arrays), which mcp-assert does not support. Keys containing dots cannot be addressed.
 */
export function lookupPath(root: unknown, path: string): Lookup {
  if (path === '$') return { ok: true, value: root };
  const rest = path.startsWith('$.') ? path.slice(2) : path.startsWith('$[') ? path.slice(1) : path;
  let current = root;
  for (const part of rest.split('.')) {
    const bracket = part.indexOf('[');
    const field = bracket >= 0 ? part.slice(0, bracket) : part;
    const indexText = bracket >= 0 ? part.slice(bracket) : '';
    if (indexText !== '' && !/^(\[-?\d+\])+$/.test(indexText)) {
      return { ok: false, error: `invalid array index ${quote(indexText)}` };
    }
    if (field !== '' || indexText === '') {
      if (!isRecord(current))
        return { ok: false, error: `expected object at ${quote(field)}, got ${jsonType(current)}` };
      if (!Object.hasOwn(current, field)) return { ok: false, error: `field ${quote(field)} not found` };
      current = current[field];
    }
    for (const match of indexText.matchAll(/\[(-?\d+)\]/g)) {
      if (!Array.isArray(current)) {
        return { ok: false, error: `expected array at ${quote(field || part)}, got ${jsonType(current)}` };
      }
      const index = Number(match[1]);
      if (index < 0 || index >= current.length) {
        return { ok: false, error: `index ${index} out of range (len=${current.length})` };
      }
      current = current[index] as unknown;
    }
  }
  return { ok: true, value: current };
}

type Parsed = { ok: true; value: unknown } | { ok: false; error: string };

function parseJson(text: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The first JSON value in a response, as mcp-assert finds it: the whole text if it is JSON, else the first line that
 * is. mcptest also takes a value that starts a line and spans several (pretty-printed JSON after a prose line or a
 * ``` fence), which mcp-assert misses; a value nested inside such a span that is itself not JSON is not looked for.
 * The error is the whole text's parse error.
 *
 * Linear in the text: the spans come from one pass (`lineValueSpans`) and the spans parsed do not overlap. Scanning
 * anew from each line that starts with `[` or `{` made a server's answer of 20,000 such lines take seconds.
 */
export function firstJsonValue(text: string): Parsed {
  const whole = parseJson(text);
  if (whole.ok) return whole;
  const starts: number[] = [];
  let offset = 0;
  for (const line of text.split('\n')) {
    const trimmed = line.trimStart();
    if (trimmed.startsWith('{') || trimmed.startsWith('[')) starts.push(offset + line.length - trimmed.length);
    offset += line.length + 1;
  }
  const spans = lineValueSpans(text, new Set(starts));
  let searchedTo = 0;
  offset = 0;
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (trimmed !== '') {
      const single = mayBeJson(trimmed) ? parseJson(trimmed) : undefined;
      if (single?.ok) return single;
      const start = offset + line.length - line.trimStart().length;
      const end = spans.get(start);
      if (end !== undefined && start >= searchedTo) {
        const multi = parseJson(text.slice(start, end + 1));
        if (multi.ok) return multi;
        searchedTo = end + 1;
      }
    }
    offset += line.length + 1;
  }
  return whole;
}

/**
 * False when `text` (trimmed, not empty) cannot be one JSON value, judged by its first and last characters: a failed
 * JSON.parse costs an exception, and a hostile answer can have a million lines.
 */
function mayBeJson(text: string): boolean {
  const first = text[0];
  const last = text[text.length - 1] ?? '';
  if (first === '{') return last === '}';
  if (first === '[') return last === ']';
  if (first === '"') return text.length >= 2 && last === '"';
  if (first === 't' || first === 'f' || first === 'n') return text === 'true' || text === 'false' || text === 'null';
  return (first === '-' || isDigit(first)) && isDigit(last);
}

const isDigit = (char: string | undefined): boolean => char !== undefined && char >= '0' && char <= '9';

/**
 * Where the bracket at each of `starts` (a `{` or `[` opening a line) closes, brackets inside strings skipped, in one
 * pass. A JSON string cannot hold a raw line break, so a line break inside a string ends every span open at that
 * point (none of them can be JSON) and the next line starts outside any string, exactly as a scan started there
 * would: that is what lets one pass stand for a scan from every line.
 */
function lineValueSpans(text: string, starts: ReadonlySet<number>): Map<number, number> {
  const spans = new Map<number, number>();
  // Open brackets, innermost last: their position when they start a line, else -1.
  const open: number[] = [];
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '\n') {
      if (inString) {
        inString = false;
        open.length = 0;
      }
    } else if (inString) {
      if (char === '\\' && text[i + 1] !== '\n') i++;
      else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
    } else if (char === '{' || char === '[') {
      open.push(starts.has(i) ? i : -1);
    } else if (char === '}' || char === ']') {
      const opened = open.pop();
      if (opened !== undefined && opened >= 0) spans.set(opened, i);
    }
  }
  return spans;
}

/** Object keys mcp-assert looks in, in this order, when the result is an object rather than an array. */
export const RESULT_LIST_KEYS: readonly string[] = ['locations', 'items', 'results', 'references', 'symbols'];

const checkResultCount: Check = ({ expect, text }) => {
  const { min_results: min, max_results: max } = expect;
  if (min === undefined && max === undefined) return undefined;
  const which: ExpectKey = min !== undefined ? 'min_results' : 'max_results';
  const count = countResults(text);
  if (count === undefined) {
    const got = trimExcerpt(text);
    return fail(
      which,
      `a JSON array or an object with one of ${RESULT_LIST_KEYS.join('/')} as an array`,
      got,
      `min/max_results: result is not an array or an object with a ${RESULT_LIST_KEYS.join('/')} array, got: ${got}`,
    );
  }
  if (min !== undefined && count < min) {
    return fail(
      'min_results',
      `at least ${min} results`,
      String(count),
      `expected at least ${min} results, got ${count}`,
    );
  }
  if (max !== undefined && count > max) {
    return fail(
      'max_results',
      `at most ${max} results`,
      String(count),
      `expected at most ${max} results, got ${count}`,
    );
  }
  return undefined;
};

function countResults(text: string): number | undefined {
  const parsed = firstJsonValue(text);
  if (!parsed.ok) return undefined;
  const { value } = parsed;
  // Go decodes JSON null into a nil slice without error, so mcp-assert counts `null` as zero results.
  if (value === null) return 0;
  if (Array.isArray(value)) return value.length;
  if (!isRecord(value)) return undefined;
  for (const key of RESULT_LIST_KEYS) {
    const list = value[key];
    if (Array.isArray(list)) return list.length;
  }
  return undefined;
}

const checkNetDelta: Check = ({ expect, text }) => {
  if (expect.net_delta === undefined) return undefined;
  const wanted = expect.net_delta;
  // mcp-assert parses the whole text here, not the first JSON segment.
  const parsed = parseJson(text);
  if (!parsed.ok || !isRecord(parsed.value)) {
    const reason = parsed.ok ? `not a JSON object` : parsed.error;
    return fail(
      'net_delta',
      `net_delta=${wanted}`,
      trimExcerpt(text),
      `net_delta: result is not a JSON object: ${reason}; got: ${trimExcerpt(text)}`,
    );
  }
  const found = parsed.value.net_delta;
  if (typeof found !== 'number') {
    return fail(
      'net_delta',
      `net_delta=${wanted}`,
      show(found),
      'net_delta: field not found or not a number in result',
    );
  }
  const actual = Math.trunc(found);
  if (actual === wanted) return undefined;
  return fail('net_delta', `net_delta=${wanted}`, String(actual), `expected net_delta=${wanted}, got ${actual}`);
};

/** After-call content of a file, or why it cannot be read. */
function readAfter(
  observation: ToolObservation,
  path: string,
): { ok: true; content: string } | { ok: false; reason: string } {
  const file = observation.files?.[path]?.after;
  if (file === undefined) return { ok: false, reason: 'not observed by the executor' };
  switch (file.state) {
    case 'present':
      return { ok: true, content: file.content };
    case 'absent':
      return { ok: false, reason: 'no such file' };
    case 'unreadable':
      return { ok: false, reason: file.reason };
  }
}

const checkFileContains: Check = ({ expect, observation }) => {
  const entries = expect.file_contains ?? {};
  for (const path of Object.keys(entries).sort()) {
    const wanted = entries[path] as string;
    const file = readAfter(observation, path);
    if (!file.ok) {
      return fail(
        'file_contains',
        `${path} to contain ${quote(wanted)}`,
        file.reason,
        `file_contains: cannot read ${path}: ${file.reason}`,
      );
    }
    if (!file.content.includes(wanted)) {
      const got = trimExcerpt(file.content);
      return fail(
        'file_contains',
        `${path} to contain ${quote(wanted)}`,
        got,
        `file_contains: ${path} does not contain ${quote(wanted)}, got: ${got}`,
      );
    }
  }
  return undefined;
};

const checkFileNotContains: Check = ({ expect, observation }) => {
  const entries = expect.file_not_contains ?? {};
  for (const path of Object.keys(entries).sort()) {
    const unwanted = entries[path] as string;
    const file = readAfter(observation, path);
    if (!file.ok) {
      return fail(
        'file_not_contains',
        `${path} not to contain ${quote(unwanted)}`,
        file.reason,
        `file_not_contains: cannot read ${path}: ${file.reason}`,
      );
    }
    const index = file.content.indexOf(unwanted);
    if (index >= 0) {
      const got = excerptAround(file.content, index, unwanted.length);
      return fail(
        'file_not_contains',
        `${path} not to contain ${quote(unwanted)}`,
        got,
        `file_not_contains: ${path} contains ${quote(unwanted)}: ${got}`,
      );
    }
  }
  return undefined;
};

const checkFileNotExists: Check = ({ expect, observation }) => {
  for (const path of [...(expect.file_not_exists ?? [])].sort()) {
    const file = observation.files?.[path]?.after;
    if (file?.state === 'absent') continue;
    if (file === undefined || file.state === 'unreadable') {
      const reason = file === undefined ? 'not observed by the executor' : file.reason;
      return fail(
        'file_not_exists',
        `${path} not to exist`,
        reason,
        `file_not_exists: error checking ${path}: ${reason}`,
      );
    }
    return fail(
      'file_not_exists',
      `${path} not to exist`,
      'it exists',
      `file_not_exists: expected ${path} not to exist, but it does`,
    );
  }
  return undefined;
};

const checkInOrder: Check = ({ expect, text }) => {
  let from = 0;
  for (const wanted of expect.in_order ?? []) {
    const index = text.indexOf(wanted, from);
    if (index < 0) {
      const got = trimExcerpt(text.slice(from));
      return fail(
        'in_order',
        `${quote(wanted)} after position ${from}`,
        got,
        `in_order: ${quote(wanted)} not found after position ${from} in result, got: ${got}`,
      );
    }
    from = index + wanted.length;
  }
  return undefined;
};

const checkFileUnchanged: Check = ({ expect, observation }) => {
  for (const path of [...(expect.file_unchanged ?? [])].sort()) {
    const before = observation.files?.[path]?.before;
    // mcp-assert fails with "no snapshot" when the file could not be read before the call.
    if (before?.state !== 'present') {
      const reason =
        before === undefined
          ? 'not observed by the executor'
          : before.state === 'absent'
            ? 'no such file'
            : before.reason;
      return fail(
        'file_unchanged',
        `${path} unchanged`,
        reason,
        `file_unchanged: cannot read ${path} before the call: ${reason}`,
      );
    }
    const after = readAfter(observation, path);
    if (!after.ok) {
      return fail(
        'file_unchanged',
        `${path} unchanged`,
        after.reason,
        `file_unchanged: cannot read ${path} after the call: ${after.reason}`,
      );
    }
    if (after.content !== before.content) {
      const at = firstDifference(before.content, after.content);
      const expected = excerptAround(before.content, at, 0);
      const got = excerptAround(after.content, at, 0);
      return fail(
        'file_unchanged',
        expected,
        got,
        `file_unchanged: ${path} was modified (first difference at character ${at}): was ${quote(expected)}, now ${quote(got)}`,
      );
    }
  }
  return undefined;
};

function firstDifference(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) if (a[i] !== b[i]) return i;
  return length;
}

const checkMinProgress: Check = ({ expect, observation }) => {
  const wanted = expect.min_progress;
  const count = observation.progressNotifications;
  if (wanted === undefined || count === undefined || count >= wanted) return undefined;
  return fail(
    'min_progress',
    `at least ${wanted} progress notification(s)`,
    String(count),
    `expected at least ${wanted} progress notification(s), got ${count}`,
  );
};

const checkOutputSchema: Check = ({ expect, observation }) => {
  if (expect.output_schema !== true) return undefined;
  const { outputSchema } = observation;
  const { structuredContent } = observation.result;
  if (outputSchema === undefined || outputSchema === null) {
    return fail(
      'output_schema',
      'a tool with an outputSchema',
      'no outputSchema',
      'output_schema: the tool declares no outputSchema',
    );
  }
  if (structuredContent === undefined || structuredContent === null) {
    return fail(
      'output_schema',
      'structuredContent matching the outputSchema',
      'none',
      'output_schema: the tool declares an outputSchema but the result has no structuredContent',
    );
  }
  const validation = validateOutputSchema(outputSchema, structuredContent);
  if (validation.ok) return undefined;
  const detail = trimExcerpt(validation.detail);
  if (validation.reason === 'invalid-schema') {
    return fail(
      'output_schema',
      'a valid outputSchema',
      detail,
      `output_schema: the tool's outputSchema is invalid: ${detail}`,
    );
  }
  return fail(
    'output_schema',
    'structuredContent matching the outputSchema',
    detail,
    `output_schema: structuredContent does not match the outputSchema: ${detail}`,
  );
};

const checkMaxMs: Check = ({ expect, observation }) => {
  const budget = expect.max_ms;
  if (budget === undefined || observation.durationMs <= budget) return undefined;
  const took = Math.round(observation.durationMs);
  return fail(
    'max_ms',
    `at most ${budget} ms`,
    `${took} ms`,
    `expected the call to take at most ${budget} ms, took ${took} ms`,
  );
};

function checkSnapshot(result: ToolCallResultData, options: CheckToolResultOptions): CheckToolResultOutcome {
  const current = toolSnapshot(result);
  const stored = options.snapshot === undefined ? undefined : ToolSnapshot.safeParse(options.snapshot);
  const difference =
    stored === undefined
      ? undefined
      : stored.success
        ? snapshotDifference(stored.data, current)
        : {
            expected: 'a stored snapshot {text, isError}',
            got: 'malformed',
            message: 'the stored snapshot is malformed',
          };
  const matches = stored !== undefined && difference === undefined;
  if (options.updateSnapshots === true) return matches ? { ok: true } : { ok: true, snapshotUpdate: current };
  if (stored === undefined) {
    return {
      ok: false,
      failure: fail(
        'snapshot',
        'a stored snapshot',
        'none',
        'snapshot: no stored snapshot; run in update mode to record one',
      ),
    };
  }
  if (difference === undefined) return { ok: true };
  return {
    ok: false,
    failure: fail('snapshot', difference.expected, difference.got, `snapshot: ${difference.message}`),
  };
}

function snapshotDifference(
  stored: ToolSnapshot,
  current: ToolSnapshot,
): { expected: string; got: string; message: string } | undefined {
  if (stored.isError !== current.isError) {
    const expected = `isError=${stored.isError}`;
    const got = `isError=${current.isError}`;
    return { expected, got, message: `response differs from the stored snapshot: want ${expected}, got ${got}` };
  }
  if (stored.text !== current.text) {
    const at = firstDifference(stored.text, current.text);
    const expected = excerptAround(stored.text, at, 0);
    const got = excerptAround(current.text, at, 0);
    return {
      expected,
      got,
      message: `text differs from the stored snapshot at character ${at}: want ${quote(expected)}, got ${quote(got)}`,
    };
  }
  const storedJson = canonicalJson(stored.structuredContent);
  const currentJson = canonicalJson(current.structuredContent);
  if (storedJson !== currentJson) {
    const expected = trimExcerpt(storedJson);
    const got = trimExcerpt(currentJson);
    return {
      expected,
      got,
      message: `structuredContent differs from the stored snapshot: want ${expected}, got ${got}`,
    };
  }
  return undefined;
}

/** JSON with sorted object keys, so key order in a server's output does not break a snapshot. */
function canonicalJson(value: unknown): string {
  if (value === undefined) return 'undefined';
  return JSON.stringify(value, (_key, inner: unknown) =>
    isRecord(inner)
      ? Object.fromEntries(
          Object.keys(inner)
            .sort()
            .map((key) => [key, inner[key]]),
        )
      : inner,
  );
}

/** The checks in EXPECTATION_ORDER (min/max_results share one check; snapshot runs last, in checkToolResult). */
const CHECKS: readonly Check[] = [
  checkNotError,
  checkIsError,
  checkNotEmpty,
  checkEquals,
  checkContains,
  checkContainsAny,
  checkNotContains,
  checkMatchesRegex,
  checkJsonPath,
  checkResultCount,
  checkNetDelta,
  checkFileContains,
  checkFileNotContains,
  checkFileNotExists,
  checkInOrder,
  checkFileUnchanged,
  checkMinProgress,
  checkOutputSchema,
  checkStructuredContent,
  checkMaxMs,
];
