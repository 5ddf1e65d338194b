import { z } from 'zod';

/*
 * The `expect:` block of an assertion. Field names and value types follow mcp-assert's Expect struct
 * (internal/assertion/types.go) so every mcp-assert suite loads unchanged; mcptest's additions come last. Value types
 * are as strict as mcp-assert's YAML decoder: list fields take a YAML list only (a bare string is an error there too).
 * Unknown keys are rejected so a typo (`contain:`) fails loudly instead of silently checking nothing.
 *
 * The user-facing text of every key (and an example) is its `.meta()`: docs/suite-reference.md is generated from it
 * (`npm run docs:generate`), so the schema is the one home of the format's reference.
 */

const StringList = z.array(z.string());
const Count = z.number().int().nonnegative();
/** Path -> expected value (json_path, structured_content). */
const PathValues = z.record(z.string(), z.unknown());

export const Expect = z
  .strictObject({
    contains: StringList.optional().meta({
      description: 'Every string must occur in the result text (substring, case-sensitive).',
      examples: [['hello', 'world']],
    }),
    contains_any: StringList.optional().meta({
      description: 'At least one of the strings must occur in the result text. An empty list checks nothing.',
      examples: [['created', 'updated']],
    }),
    not_contains: StringList.optional().meta({
      description: 'None of the strings may occur in the result text.',
      examples: [['Traceback', 'undefined']],
    }),
    equals: z
      .string()
      .optional()
      .meta({
        description:
          'The result text must equal this string exactly, after trimming surrounding whitespace on both sides.',
        examples: ['Echo: hello'],
      }),
    matches_regex: StringList.optional().meta({
      description:
        "Each pattern must match somewhere in the result text. Patterns are RE2 in Go's syntax, as in mcp-assert " +
        '(inline flags such as `(?i)`, `(?P<name>`), matched in linear time; an invalid pattern, or one RE2 cannot ' +
        'run (backreferences, lookaround), fails the assertion.',
      examples: [['(?i)^echo: \\w+$', '\\d{4}-\\d{2}-\\d{2}']],
    }),
    in_order: StringList.optional().meta({
      description:
        'The strings must occur in the result text in this order; each search starts after the previous match.',
      examples: [['first', 'second', 'third']],
    }),
    json_path: PathValues.optional().meta({
      description:
        'Path -> expected value, evaluated on the first JSON value in the result text. Paths are `$.a.b`, `a.b`, ' +
        '`$.items[0].name` (dot fields, `[N]` array indices). Values are compared by their string form (as ' +
        'mcp-assert\'s `%v`), so `count: 3` matches 3 and "3". Paths are checked in sorted order.',
      examples: [{ '$.status': 'ok', '$.items[0].id': 3 }],
    }),
    min_results: Count.optional().meta({
      description:
        'Minimum number of results in the first JSON value of the result text: the length of a top-level array, or ' +
        'of the first array among the object keys locations, items, results, references, symbols.',
      examples: [1],
    }),
    max_results: Count.optional().meta({
      description: 'Maximum number of results; counted as for `min_results`.',
      examples: [10],
    }),
    not_empty: z
      .boolean()
      .optional()
      .meta({
        description: '`true`: the trimmed result text must not be empty, `null`, `[]` or `{}`. `false` checks nothing.',
        examples: [true],
      }),
    not_error: z
      .boolean()
      .optional()
      .meta({
        description: '`true`: the result must not have `isError: true`. `false` checks nothing. Checked first of all.',
        examples: [true],
      }),
    is_error: z
      .boolean()
      .optional()
      .meta({
        description:
          '`true`: the result must have `isError: true` (the tool reported a handled error). `false` checks nothing.',
        examples: [true],
      }),
    file_contains: z
      .record(z.string(), z.string())
      .optional()
      .meta({
        description:
          'File path -> substring the file must contain after the call. A missing file fails. CLI only: it reads the ' +
          "runner's files.",
        examples: [{ '{{fixture}}/notes.txt': 'hello' }],
      }),
    file_not_contains: z
      .record(z.string(), z.string())
      .optional()
      .meta({
        description: 'File path -> substring the file must not contain after the call. A missing file fails. CLI only.',
        examples: [{ '{{fixture}}/notes.txt': 'password' }],
      }),
    file_not_exists: StringList.optional().meta({
      description: 'Files that must not exist after the call. CLI only.',
      examples: [['{{fixture}}/deleted.txt']],
    }),
    file_unchanged: StringList.optional().meta({
      description: 'Files whose content after the call must be byte-identical to their content before it. CLI only.',
      examples: [['{{fixture}}/config.json']],
    }),
    net_delta: z
      .number()
      .int()
      .optional()
      .meta({
        description:
          'The top-level `net_delta` number of the JSON result text must equal this (agent-lsp simulate_edit_atomic).',
        examples: [0],
      }),
    min_progress: Count.optional().meta({
      description:
        'Minimum number of notifications/progress messages received during the call (set `capture_progress: true` ' +
        'on the `assert` block).',
      examples: [2],
    }),

    // mcptest additions.
    structured_content: PathValues.optional().meta({
      description:
        "Like `json_path`, but evaluated on the result's `structuredContent`; a missing structuredContent fails.",
      examples: [{ '$.temperature': 21.5 }],
    }),
    output_schema: z
      .boolean()
      .optional()
      .meta({
        description:
          "`true`: the tool's declared outputSchema must validate the result's `structuredContent` (draft-07 or " +
          "2020-12 by the schema's `$schema`, default 2020-12). A tool with an outputSchema that returns no " +
          'structuredContent fails; a tool without an outputSchema fails too, since the expectation cannot be met. ' +
          '`false` checks nothing.',
        examples: [true],
      }),
    max_ms: z
      .number()
      .positive()
      .optional()
      .meta({
        description:
          'Latency budget: the call must complete within this many milliseconds (wall time of the tools/call request).',
        examples: [500],
      }),
    snapshot: z
      .union([z.boolean(), z.strictObject({ name: z.string().min(1).optional() })])
      .optional()
      .meta({
        description:
          'Compare the result with a stored snapshot (content + structuredContent + isError). `true` uses the ' +
          "assertion's name as the snapshot key; `{ name }` sets the key explicitly (to share or rename a " +
          'snapshot). A missing snapshot is recorded on first run; `--update-snapshots` rewrites it. `false` checks ' +
          'nothing.',
        examples: [true, { name: 'echo-hello' }],
      }),
  })
  .meta({
    description:
      'The checks on a result; every key is optional and all the keys given must hold. An empty `expect:` checks ' +
      'nothing. "Result text" means the text of every `text` content block of the tool result, joined with "\\n"; ' +
      'image, audio, resource and resource_link blocks contribute nothing. "First JSON value" means the whole ' +
      'result text if it parses as JSON, otherwise the first non-blank line that does (so a JSON line followed or ' +
      'preceded by prose works).',
  });
export type Expect = z.infer<typeof Expect>;

/** Every key the `expect:` block accepts, for "did you mean" suggestions on unknown keys. */
export const EXPECT_KEYS: readonly string[] = Object.freeze(Object.keys(Expect.shape));
