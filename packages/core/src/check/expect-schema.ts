import { z } from 'zod';

/*
 * The `expect:` block of an assertion. Field names and value types follow mcp-assert's Expect struct
 * (internal/assertion/types.go) so every mcp-assert suite loads unchanged; mcptest's additions come last. Value types
 * are as strict as mcp-assert's YAML decoder: list fields take a YAML list only (a bare string is an error there too).
 * Unknown keys are rejected so a typo (`contain:`) fails loudly instead of silently checking nothing.
 *
 * "Result text" below means the text of every `text` content block of the tool result, joined with "\n"; image,
 * audio, resource and resource_link blocks contribute nothing. "First JSON value" means the whole result text if it
 * parses as JSON, otherwise the first non-blank line that does (so a JSON line followed or preceded by prose works).
 */

const StringList = z.array(z.string());
const Count = z.number().int().nonnegative();
/** Path -> expected value; paths are `$.a.b`, `a.b`, `$.items[0].name` (dot fields, `[N]` array indices). */
const PathValues = z.record(z.string(), z.unknown());

export const Expect = z.strictObject({
  /** Every string must occur in the result text (substring, case-sensitive). */
  contains: StringList.optional(),
  /** At least one of the strings must occur in the result text. An empty list checks nothing. */
  contains_any: StringList.optional(),
  /** None of the strings may occur in the result text. */
  not_contains: StringList.optional(),
  /** The result text must equal this string exactly, after trimming surrounding whitespace on both sides. */
  equals: z.string().optional(),
  /**
   * Each pattern must match somewhere in the result text. Patterns are RE2 in Go's syntax, as in mcp-assert (inline
   * flags such as `(?i)`, `(?P<name>`), matched in linear time; an invalid pattern, or one RE2 cannot run
   * (backreferences, lookaround), fails the assertion.
   */
  matches_regex: StringList.optional(),
  /** The strings must occur in the result text in this order; each search starts after the previous match. */
  in_order: StringList.optional(),
  /**
   * Path -> expected value, evaluated on the first JSON value in the result text. Values are compared by their
   * string form (as mcp-assert's `%v`), so `count: 3` matches 3 and "3". Paths are checked in sorted order.
   */
  json_path: PathValues.optional(),
  /**
   * Minimum number of results in the first JSON value of the result text: the length of a top-level array, or of the
   * first array among the object keys locations, items, results, references, symbols.
   */
  min_results: Count.optional(),
  /** Maximum number of results; counted as for min_results. */
  max_results: Count.optional(),
  /** `true`: the trimmed result text must not be empty, `null`, `[]` or `{}`. `false` checks nothing. */
  not_empty: z.boolean().optional(),
  /** `true`: the result must not have `isError: true`. `false` checks nothing. Checked first of all. */
  not_error: z.boolean().optional(),
  /** `true`: the result must have `isError: true` (the tool reported a handled error). `false` checks nothing. */
  is_error: z.boolean().optional(),
  /** File path -> substring the file must contain after the call. A missing file fails. */
  file_contains: z.record(z.string(), z.string()).optional(),
  /** File path -> substring the file must not contain after the call. A missing file fails. */
  file_not_contains: z.record(z.string(), z.string()).optional(),
  /** Files that must not exist after the call. */
  file_not_exists: StringList.optional(),
  /** Files whose content after the call must be byte-identical to their content before it. */
  file_unchanged: StringList.optional(),
  /** The top-level `net_delta` number of the JSON result text must equal this (agent-lsp simulate_edit_atomic). */
  net_delta: z.number().int().optional(),
  /** Minimum number of notifications/progress messages received during the call. */
  min_progress: Count.optional(),

  // mcptest additions.
  /** Like json_path, but evaluated on the result's `structuredContent`; a missing structuredContent fails. */
  structured_content: PathValues.optional(),
  /**
   * `true`: the tool's declared outputSchema must validate the result's `structuredContent` (draft-07 or 2020-12 by
   * the schema's `$schema`, default 2020-12). A tool with an outputSchema that returns no structuredContent fails;
   * a tool without an outputSchema fails too, since the expectation cannot be met. `false` checks nothing.
   */
  output_schema: z.boolean().optional(),
  /** Latency budget: the call must complete within this many milliseconds (wall time of the tools/call request). */
  max_ms: z.number().positive().optional(),
  /**
   * Compare the result with a stored snapshot (content + structuredContent + isError). `true` uses the assertion's
   * name as the snapshot key; `{ name }` sets the key explicitly (to share or rename a snapshot). A missing snapshot is
   * recorded on first run; `--update-snapshots` rewrites it. `false` checks nothing.
   */
  snapshot: z.union([z.boolean(), z.strictObject({ name: z.string().min(1).optional() })]).optional(),
});
export type Expect = z.infer<typeof Expect>;

/** Every key the `expect:` block accepts, for "did you mean" suggestions on unknown keys. */
export const EXPECT_KEYS: readonly string[] = Object.freeze(Object.keys(Expect.shape));
