import { z } from 'zod';
import { Expect } from '../check/expect-schema';
import { SuitePolicy } from '../policy/exec-policy-schema';
import { isProtocolChoice, PROTOCOL_CHOICES, type ProtocolChoice } from '../protocol/protocol-choice';
import { WireSchemaMode } from '../wire/wire-finding';
import { CONFORMANCE_CATALOG } from '../conformance/catalog';
import { ConformanceOptions } from '../conformance/conformance-types';
import { AuthPostureOptions } from '../auth-posture/auth-posture-types';
import { SuiteSlo } from '../slo/slo-schema';
import { trajectoryDocumentShape } from '../trajectory/trajectory-schema';
import { DURATION_EXAMPLE, parseDuration } from './parse-duration';
import { suggestKey } from './suggest-key';

/*
 * The suite format (docs/suite-format.md): a superset of mcp-assert's assertion files (its internal/assertion
 * types.go, *_types.go). Every object is strict, so a misspelt key is an error with a suggestion instead of a check
 * that silently never runs. Where mcp-assert's Go decoder accepts a scalar for a string (`args: [-p, 8080]`), so do we.
 *
 * Fields whose rules zod cannot say well (durations, transports, skip) are `z.unknown()` + a transform that reports a
 * `custom` issue with `params.hint`; the loader turns issues into located errors.
 */

/** Puts a custom issue on the current value; `hint` ends up in SuiteError.hint. */
function fail(ctx: z.core.$RefinementCtx, input: unknown, message: string, hint?: string): typeof z.NEVER {
  ctx.issues.push({ code: 'custom', message, input, ...(hint === undefined ? {} : { params: { hint } }) });
  return z.NEVER;
}

/** Describes a YAML value's type for "expected X, got Y" messages. */
export function describeSuiteValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'an empty value (null)';
  if (Array.isArray(value)) return 'a list';
  switch (typeof value) {
    case 'string':
      return 'a string';
    case 'number':
      return 'a number';
    case 'boolean':
      return 'a boolean';
    case 'object':
      return 'a mapping';
    default:
      return typeof value;
  }
}

/*
 * The user-facing text of every key (and an example) is its `.meta()`: docs/suite-reference.md is generated from it
 * (`npm run docs:generate`), so these schemas are the one home of the format's reference. A `shape` in the meta says
 * in words what a `z.unknown()` + transform field accepts, which JSON Schema cannot.
 */

/** A string, also accepting a number or boolean written without quotes (`port: 8080`), as Go's YAML decoder does. */
const ScalarString = z
  .unknown()
  .transform((value, ctx): string => {
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    return fail(ctx, value, `expected a string, got ${describeSuiteValue(value)}`);
  })
  .meta({ shape: 'string (a number or boolean is read as its text)' });

/** Tool arguments: a mapping; an empty `args:` means none. */
const ToolArgs = z
  .record(z.string(), z.unknown())
  .nullable()
  .optional()
  .transform((value): Record<string, unknown> => value ?? {});

/** The `args` key of the blocks that call a tool. */
const toolArgsField = (example: Record<string, unknown>) =>
  ToolArgs.meta({
    description: 'Arguments of the tool call; `{{name}}` placeholders are substituted. An empty `args:` means none.',
    examples: [example],
  });

/** A timeout: Go-style duration string or a number of seconds; normalized to milliseconds. */
export const SuiteDuration = z
  .unknown()
  .transform((value, ctx): number => {
    const parsed = parseDuration(value);
    if (parsed.ok) return parsed.ms;
    const message =
      typeof value === 'string' || typeof value === 'number'
        ? parsed.message
        : `expected a duration, got ${describeSuiteValue(value)}`;
    return fail(ctx, value, message, DURATION_EXAMPLE);
  })
  .meta({ shape: 'duration: `500ms`, `15s`, `2m`, `1h30m`, or a number of seconds' });

/** Normalized transports: `auto` tries Streamable HTTP, then falls back to legacy SSE. */
export const SUITE_TRANSPORTS = ['stdio', 'auto', 'http', 'sse'] as const;
export type SuiteTransport = (typeof SUITE_TRANSPORTS)[number];

/** Accepted spellings (lowercased) -> transport; mcp-assert writes stdio, http and sse (case-insensitively). */
const TRANSPORT_SPELLINGS: Readonly<Record<string, SuiteTransport>> = {
  stdio: 'stdio',
  auto: 'auto',
  http: 'http',
  'streamable-http': 'http',
  streamable_http: 'http',
  streamablehttp: 'http',
  sse: 'sse',
};

const Transport = z
  .unknown()
  .transform((value, ctx): SuiteTransport => {
    const allowed = 'allowed: stdio, auto, http or streamable-http, sse';
    if (typeof value !== 'string')
      return fail(ctx, value, `expected a transport name, got ${describeSuiteValue(value)}`, allowed);
    const transport = TRANSPORT_SPELLINGS[value.trim().toLowerCase()];
    if (transport !== undefined) return transport;
    const nearest = suggestKey(value.trim().toLowerCase(), Object.keys(TRANSPORT_SPELLINGS));
    return fail(
      ctx,
      value,
      `unknown transport "${value}"`,
      nearest ? `did you mean \`${nearest}\`? ${allowed}` : allowed,
    );
  })
  .meta({ shape: 'one of `stdio`, `auto`, `http` (also `streamable-http`), `sse`; case-insensitive' });

/** The protocol era or revision to speak (packages/core/src/protocol); case-insensitive. */
export const SuiteProtocol = z
  .unknown()
  .transform((value, ctx): ProtocolChoice => {
    const allowed = `allowed: ${PROTOCOL_CHOICES.join(', ')}`;
    if (typeof value !== 'string')
      return fail(ctx, value, `expected a protocol era or revision, got ${describeSuiteValue(value)}`, allowed);
    const choice = value.trim().toLowerCase();
    if (isProtocolChoice(choice)) return choice;
    const nearest = suggestKey(choice, PROTOCOL_CHOICES);
    return fail(
      ctx,
      value,
      `unknown protocol "${value}"`,
      nearest ? `did you mean \`${nearest}\`? ${allowed}` : allowed,
    );
  })
  .meta({ shape: `one of ${PROTOCOL_CHOICES.map((c) => `\`${c}\``).join(', ')}` });

/** `skip: true` or `skip: "reason"`; normalized to the reason, or undefined when not skipped. */
const Skip = z
  .unknown()
  .transform((value, ctx): string | undefined => {
    if (value === false) return undefined;
    if (value === true) return 'skip: true';
    if (typeof value === 'string') return value.trim() === '' ? 'skip: true' : value;
    return fail(ctx, value, `expected true, false or a reason string, got ${describeSuiteValue(value)}`);
  })
  .meta({ shape: '`true`, `false`, or a reason (string)' });

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** One variable name (mcp-assert's form) or a list; every one must be set and non-empty for the assertion to run. */
const SkipUnlessEnv = z
  .unknown()
  .transform((value, ctx): string[] => {
    const names = typeof value === 'string' ? [value] : value;
    if (!Array.isArray(names) || names.some((name) => typeof name !== 'string')) {
      return fail(ctx, value, `expected a variable name or a list of names, got ${describeSuiteValue(value)}`);
    }
    const bad = (names as string[]).find((name) => !ENV_NAME.test(name));
    if (bad !== undefined) {
      return fail(ctx, value, `"${bad}" is not an environment variable name`, 'letters, digits and _, e.g. API_TOKEN');
    }
    return names as string[];
  })
  .meta({ shape: 'an environment variable name, or a list of names' });

/** A server URL: http(s), or containing a `${VAR}`/`{{name}}` placeholder that is expanded at run time. */
const ServerUrl = z
  .unknown()
  .transform((value, ctx): string => {
    if (typeof value !== 'string') return fail(ctx, value, `expected a URL, got ${describeSuiteValue(value)}`);
    if (/\$\{|\{\{/.test(value)) return value;
    let protocol: string | undefined;
    try {
      protocol = new URL(value).protocol;
    } catch {
      protocol = undefined;
    }
    if (protocol !== 'http:' && protocol !== 'https:') {
      return fail(ctx, value, `"${value}" is not an http(s) URL`, 'e.g. https://example.com/mcp');
    }
    return value;
  })
  .meta({ shape: 'an `http(s)` URL (a `${VAR}` or `{{name}}` placeholder in it is allowed)' });

/** Canned reply to the server's sampling/createMessage requests (mcp-assert SuiteSamplingConfig). */
export const SuiteSamplingConfig = z
  .strictObject({
    text: ScalarString.meta({ description: 'Text of the mock LLM reply.', examples: ['The answer is 42.'] }),
    model: z
      .string()
      .optional()
      .meta({ description: 'Model name reported in the reply (default "mock").', examples: ['mock-model'] }),
    stop_reason: z
      .string()
      .optional()
      .meta({ description: 'Stop reason reported in the reply (default "end_turn").', examples: ['end_turn'] }),
  })
  .meta({ description: "Canned reply to the server's sampling/createMessage requests." });

/** What the test client offers to server-initiated requests (mcp-assert SuiteClientCapabilities). */
export const SuiteClientCapabilities = z
  .strictObject({
    roots: z
      .array(ScalarString)
      .optional()
      .meta({
        description: 'Paths returned for roots/list (as file:// URIs); `{{fixture}}` is substituted.',
        examples: [['/home/me/project']],
      }),
    sampling: SuiteSamplingConfig.optional().meta({
      description: 'Mock reply for sampling/createMessage.',
      examples: [{ text: 'The answer is 42.', model: 'mock-model' }],
    }),
    elicitation: z
      .record(z.string(), z.unknown())
      .optional()
      .meta({
        description:
          'Preset content for elicitation/create, answered with action "accept" (`content:` or the whole map).',
        examples: [{ content: { name: 'Ada', confirmed: true } }],
      }),
  })
  .meta({
    description:
      'What the test client offers to server-initiated requests. Kept when `--url` or a hosted run replaces where ' +
      'to connect.',
  });
export type SuiteClientCapabilities = z.output<typeof SuiteClientCapabilities>;

/** How to reach the server under test. In hosted runs (and with `--url`) it is replaced by the registered server. */
export const SuiteServerSchema = z
  .strictObject({
    command: ScalarString.optional().meta({
      description: 'Executable of a stdio server, started by the CLI (hosted runs refuse stdio).',
      examples: ['npx'],
    }),
    args: z
      .array(ScalarString)
      .nullable()
      .optional()
      .meta({
        description: 'Arguments of the stdio command; `{{fixture}}` is substituted.',
        examples: [['-y', '@modelcontextprotocol/server-everything']],
      }),
    env: z
      .record(z.string(), ScalarString)
      .nullable()
      .optional()
      .meta({
        description: 'Environment of the stdio server; `${VAR}` is expanded at run time.',
        examples: [{ LOG_LEVEL: 'debug', API_TOKEN: '${API_TOKEN}' }],
      }),
    transport: Transport.optional().meta({
      description:
        '`auto` tries Streamable HTTP, then falls back to legacy SSE. Default: `stdio` when `command` is set, else ' +
        '`auto`.',
      examples: ['http'],
    }),
    protocol: SuiteProtocol.optional().meta({
      description:
        'MCP protocol era: `auto` sends `server/discover` and falls back to the 2025 `initialize` handshake; ' +
        '`2026-07-28` (or `modern`) speaks only the current revision; a 2025 revision (or `legacy`) only the ' +
        'handshake. stdio and SSE servers speak the 2025 era. `mcptest run --protocol` overrides it. Default: `auto`.',
      examples: ['2026-07-28'],
    }),
    url: ServerUrl.optional().meta({
      description: 'Endpoint of an HTTP or SSE server.',
      examples: ['https://mcp.example.com/mcp'],
    }),
    headers: z
      .record(z.string(), ScalarString)
      .nullable()
      .optional()
      .meta({
        description: 'HTTP headers; `${VAR}` is kept raw when the suite loads and expanded when it runs.',
        examples: [{ Authorization: 'Bearer ${API_TOKEN}' }],
      }),
    docker: z
      .string()
      .optional()
      .meta({
        description: "mcp-assert's per-assertion Docker image for stdio servers; accepted so its files load, not used.",
        examples: ['ghcr.io/example/mcp-server:1.0'],
      }),
    client_capabilities: SuiteClientCapabilities.optional().meta({
      description: 'Answers to server-initiated requests (roots, sampling, elicitation).',
      examples: [{ roots: ['/home/me/project'], sampling: { text: 'The answer is 42.' } }],
    }),
  })
  .meta({
    description:
      'How to reach the server under test. In hosted runs, and with `--url`, the registered server replaces where to ' +
      'connect.',
  });

/** A tool call run before the assertion; `capture` maps a variable name to a JSONPath into the call's result. */
export const SuiteSetupStep = z
  .strictObject({
    tool: z
      .string()
      .min(1)
      .meta({ description: 'The tool to call.', examples: ['create_item'] }),
    args: toolArgsField({ name: 'test' }),
    capture: z
      .record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/), z.string().min(1))
      .optional()
      .meta({
        description:
          "Variable name -> JSONPath into the call's result (`$.id`); the value is `{{name}}` in later steps and " +
          'the assertion (docs/templating-and-trajectory.md).',
        examples: [{ item_id: '$.id' }],
      }),
  })
  .meta({
    description:
      'A tool call made before the assertion. A step that returns a tool error fails the assertion with that error.',
  });
export type SuiteSetupStep = z.output<typeof SuiteSetupStep>;

const ExpectOrEmpty = Expect.nullable()
  .optional()
  .transform((value): Expect => value ?? {});

/** The `expect` key of the blocks whose results the `Expect` checks read. */
const expectField = (example: Expect) =>
  ExpectOrEmpty.meta({ description: 'Checks on the result.', examples: [example] });

/** `assert`: call one tool and check its result. */
export const ToolAssertBlock = z
  .strictObject({
    tool: z
      .string()
      .min(1)
      .meta({ description: 'The tool to call.', examples: ['echo'] }),
    args: toolArgsField({ message: 'hello' }),
    expect: expectField({ not_error: true, contains: ['hello'] }),
    capture_progress: z
      .boolean()
      .optional()
      .meta({
        description: 'Collect notifications/progress during the call, for `expect.min_progress`.',
        examples: [true],
      }),
  })
  .meta({ description: "Call one tool and check its result; the expectations see the result's text content." });
export type ToolAssertBlock = z.output<typeof ToolAssertBlock>;

/** `list: {}` or `list: {cursor: ...}`; an empty `list:` (null) also means "list the first page". */
const ListArgs = z
  .strictObject({ cursor: z.string().optional() })
  .nullable()
  .transform((value) => value ?? {});

/** `assert_resources`: resources/list, resources/read, and the subscribe/unsubscribe lifecycle. */
export const ResourcesAssertBlock = z
  .strictObject({
    list: ListArgs.optional().meta({
      description: 'resources/list: `{}` (or empty) for the first page, `{cursor}` for a later one.',
      examples: [{}],
    }),
    read: z
      .string()
      .min(1)
      .optional()
      .meta({
        description: "URI for resources/read; the expectations see the resource's text.",
        examples: ['test://static/resource/1'],
      }),
    subscribe: z
      .string()
      .min(1)
      .optional()
      .meta({
        description:
          'URI to subscribe to before the list/read: resources/subscribe (2025), or a subscriptions/listen ' +
          'stream naming it (2026-07-28).',
        examples: ['test://static/resource/1'],
      }),
    unsubscribe: z
      .string()
      .min(1)
      .optional()
      .meta({
        description: 'URI to unsubscribe from afterwards (resources/unsubscribe, or the listen stream without it).',
        examples: ['test://static/resource/1'],
      }),
    expect_notification: z
      .boolean()
      .optional()
      .meta({
        description:
          "`true`: a notifications/resources/updated must arrive during the assertion (waits up to the rest of the assertion's timeout).",
        examples: [true],
      }),
    expect: expectField({ contains: ['Resource 1'] }),
  })
  .meta({
    description:
      'resources/list, resources/read, and the subscribe/unsubscribe lifecycle. Needs `list`, `read` or ' +
      '`subscribe`; not both `list` and `read`. A list is checked as JSON.',
  });
export type ResourcesAssertBlock = z.output<typeof ResourcesAssertBlock>;

/** `assert_prompts`: prompts/list (with cursor) or prompts/get (with arguments). */
export const PromptsAssertBlock = z
  .strictObject({
    list: ListArgs.optional().meta({
      description: 'prompts/list: `{}` (or empty) for the first page, `{cursor}` for a later one. Checked as JSON.',
      examples: [{}],
    }),
    get: z
      .strictObject({
        name: z.string().min(1),
        arguments: z.record(z.string(), ScalarString).nullable().optional(),
      })
      .optional()
      .meta({
        description:
          "prompts/get of prompt `name` with `arguments`; the expectations see the prompt's description and message texts.",
        examples: [{ name: 'greeting', arguments: { name: 'Ada' } }],
      }),
    expect: expectField({ contains: ['greeting'] }),
  })
  .meta({
    description: 'prompts/list (with a cursor) or prompts/get (with arguments): exactly one of `list` and `get`.',
  });
export type PromptsAssertBlock = z.output<typeof PromptsAssertBlock>;

/** `assert_completion`: completion/complete for a prompt argument or a resource template. */
export const CompletionAssertBlock = z
  .strictObject({
    ref: z
      .strictObject({
        type: z.enum(['ref/prompt', 'ref/resource']),
        /** Prompt name (ref/prompt) or resource URI (ref/resource), as in mcp-assert. */
        name: z.string().min(1),
      })
      .meta({
        description:
          'What to complete: `type: ref/prompt` with the prompt `name`, or `type: ref/resource` with the resource template URI as `name`.',
        examples: [{ type: 'ref/prompt', name: 'greeting' }],
      }),
    argument: z
      .strictObject({
        name: z.string().min(1),
        /** The partial value typed so far (default ""). */
        value: ScalarString.optional().transform((value) => value ?? ''),
      })
      .meta({
        description: 'The argument being completed: its `name` and the partial `value` typed so far (default "").',
        examples: [{ name: 'style', value: 'fo' }],
      }),
    expect: expectField({ contains: ['formal'] }),
  })
  .meta({ description: 'completion/complete for a prompt argument or a resource template; checked as JSON.' });
export type CompletionAssertBlock = z.output<typeof CompletionAssertBlock>;

/** `assert_sampling`: call a tool whose server asks the client for an LLM reply, answered with `mock_text`. */
export const SamplingAssertBlock = z
  .strictObject({
    tool: z
      .string()
      .min(1)
      .meta({ description: 'The tool to call.', examples: ['sampleLLM'] }),
    args: toolArgsField({ prompt: 'What is 6 x 7?' }),
    mock_text: ScalarString.meta({
      description: "The mock LLM's reply to the server's sampling/createMessage request.",
      examples: ['The answer is 42.'],
    }),
    mock_model: z
      .string()
      .optional()
      .meta({ description: 'Model name reported in the mock reply.', examples: ['mock-model'] }),
    expect: expectField({ contains: ['42'] }),
  })
  .meta({ description: 'Call a tool whose server asks the client for an LLM reply, answered with `mock_text`.' });
export type SamplingAssertBlock = z.output<typeof SamplingAssertBlock>;

/** MCP log levels (RFC 5424 names), for logging/setLevel. */
export const MCP_LOG_LEVELS = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
] as const;

/** Checks on the notifications/message captured during an `assert_logging` call. */
export const SuiteLoggingExpect = z
  .strictObject({
    min_messages: z
      .number()
      .int()
      .nonnegative()
      .optional()
      .meta({ description: 'At least this many log messages arrive.', examples: [1] }),
    contains_level: z
      .array(z.enum(MCP_LOG_LEVELS))
      .optional()
      .meta({ description: 'At least one message has each of these levels.', examples: [['info']] }),
    contains_data: z
      .array(z.string())
      .optional()
      .meta({ description: "At least one message's data contains each of these strings.", examples: [['started']] }),
  })
  .meta({
    description:
      'Checks on the notifications/message captured during an `assert_logging` call. Late messages are waited for ' +
      'briefly (100 ms, then up to 1 s while still failing).',
  });

export type SuiteLoggingExpect = z.output<typeof SuiteLoggingExpect>;

/** `assert_logging`: logging/setLevel, optionally call a tool, check the log messages. */
export const LoggingAssertBlock = z
  .strictObject({
    set_level: z
      .enum(MCP_LOG_LEVELS)
      .optional()
      .meta({
        description:
          "Log level asked for first: logging/setLevel (2025), or in each later request's _meta (2026-07-28, where " +
          'a server logs only for requests that carry a level).',
        examples: ['debug'],
      }),
    tool: z
      .string()
      .min(1)
      .optional()
      .meta({ description: 'A tool to call after setting the level.', examples: ['process_data'] }),
    args: toolArgsField({ level: 'info' }),
    expect: SuiteLoggingExpect.nullable()
      .optional()
      .transform((value) => value ?? {})
      .meta({
        description: 'Checks on the log messages.',
        examples: [{ min_messages: 1, contains_level: ['info'] }],
      }),
  })
  .meta({ description: 'Set the log level, optionally call a tool, then check the log messages.' });
export type LoggingAssertBlock = z.output<typeof LoggingAssertBlock>;

/** Checks on every notification captured during an `assert_notifications` call. */
export const SuiteNotificationExpect = z
  .strictObject({
    min_count: z
      .number()
      .int()
      .nonnegative()
      .optional()
      .meta({ description: 'At least this many notifications arrive.', examples: [1] }),
    max_count: z
      .number()
      .int()
      .nonnegative()
      .optional()
      .meta({ description: 'At most this many notifications arrive.', examples: [20] }),
    methods: z
      .array(z.string())
      .optional()
      .meta({ description: 'Each method must appear at least once.', examples: [['notifications/progress']] }),
    not_methods: z
      .array(z.string())
      .optional()
      .meta({ description: 'None of these methods may appear.', examples: [['notifications/cancelled']] }),
    contains_data: z
      .array(z.string())
      .optional()
      .meta({ description: "Some notification's JSON params contain each string.", examples: [['progress']] }),
    not_contains_data: z
      .array(z.string())
      .optional()
      .meta({ description: "No notification's JSON params contain any of these strings.", examples: [['error']] }),
  })
  .meta({
    description:
      'Checks on every notification captured during an `assert_notifications` call. Late notifications are waited ' +
      'for briefly (100 ms, then up to 1 s while still failing).',
  });

export type SuiteNotificationExpect = z.output<typeof SuiteNotificationExpect>;

/** `assert_notifications`: call a tool and check the notifications it causes. */
export const NotificationsAssertBlock = z
  .strictObject({
    tool: z
      .string()
      .min(1)
      .meta({ description: 'The tool to call.', examples: ['longRunningOperation'] }),
    args: toolArgsField({ duration: 1, steps: 2 }),
    expect: SuiteNotificationExpect.nullable()
      .optional()
      .transform((value) => value ?? {})
      .meta({
        description: 'Checks on the notifications.',
        examples: [{ min_count: 1, methods: ['notifications/progress'] }],
      }),
  })
  .meta({ description: 'Call a tool and check the notifications it causes.' });
export type NotificationsAssertBlock = z.output<typeof NotificationsAssertBlock>;

/** The block keys; exactly one per assertion (the three trajectory keys count as one block). */
export const SUITE_BLOCK_KEYS = [
  'assert',
  'assert_resources',
  'assert_prompts',
  'assert_completion',
  'assert_sampling',
  'assert_logging',
  'assert_notifications',
] as const;
export const SUITE_TRAJECTORY_KEYS = ['trace', 'audit_log', 'trajectory'] as const;

/** Fields an assertion and a suite share: the suite's values are defaults for its assertions. */
const sharedShape = {
  name: ScalarString.optional().meta({
    description:
      'Shown in results. Default: the file name without `.yaml`/`.yml`. A repeated name in one file gets ` (2)`, ' +
      '` (3)`.',
    examples: ['echo returns its input'],
  }),
  server: SuiteServerSchema.nullable()
    .optional()
    .meta({
      description: "How to reach the server. An assertion's `server` replaces the suite's entirely.",
      examples: [{ url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer ${API_TOKEN}' } }],
    }),
  setup: z
    .array(SuiteSetupStep)
    .nullable()
    .optional()
    .meta({
      description:
        "Tool calls made first, in order; the suite's steps run before the assertion's " +
        'own, before every assertion.',
      examples: [[{ tool: 'create_item', args: { name: 'test' }, capture: { item_id: '$.id' } }]],
    }),
  timeout: SuiteDuration.optional().meta({
    description:
      'Deadline of the whole assertion: connecting, listing tools, the setup steps and the call share it, and each ' +
      'request gets the time left (progress notifications do not extend it). Default 30s; on a suite, the default ' +
      'of its assertions.',
    examples: ['15s'],
  }),
  skip: Skip.optional().meta({
    description:
      "`true`, or a reason: the assertion is reported as SKIP. On a suite it skips every assertion (an assertion's " +
      "own reason wins; its `skip: false` does not undo the suite's).",
    examples: ['flaky upstream, see issue 12'],
  }),
  skip_unless_env: SkipUnlessEnv.optional().meta({
    description:
      "SKIP unless every variable is set and non-empty; the suite's variables and the assertion's are all required.",
    examples: [['API_TOKEN']],
  }),
};

/** One assertion: a single-assertion document (mcp-assert's file format) or one item of `assertions:`. */
export const AssertionDocument = z
  .strictObject({
    ...sharedShape,
    assert: ToolAssertBlock.optional().meta({
      description: 'Call one tool and check its result.',
      examples: [{ tool: 'echo', args: { message: 'hello' }, expect: { contains: ['hello'] } }],
    }),
    assert_resources: ResourcesAssertBlock.optional().meta({
      description: 'List, read or subscribe to resources.',
      examples: [{ read: 'test://static/resource/1', expect: { not_empty: true } }],
    }),
    assert_prompts: PromptsAssertBlock.optional().meta({
      description: 'List prompts or get one.',
      examples: [{ get: { name: 'greeting', arguments: { name: 'Ada' } }, expect: { contains: ['Ada'] } }],
    }),
    assert_completion: CompletionAssertBlock.optional().meta({
      description: 'Complete a prompt or resource-template argument.',
      examples: [
        {
          ref: { type: 'ref/prompt', name: 'greeting' },
          argument: { name: 'style', value: 'fo' },
          expect: { contains: ['formal'] },
        },
      ],
    }),
    assert_sampling: SamplingAssertBlock.optional().meta({
      description: 'Call a tool that asks the client for an LLM reply.',
      examples: [
        {
          tool: 'sampleLLM',
          args: { prompt: 'What is 6 x 7?' },
          mock_text: 'The answer is 42.',
          expect: { contains: ['42'] },
        },
      ],
    }),
    assert_logging: LoggingAssertBlock.optional().meta({
      description: 'Set the log level, call a tool, check log messages.',
      examples: [{ set_level: 'debug', tool: 'process_data', expect: { min_messages: 1 } }],
    }),
    assert_notifications: NotificationsAssertBlock.optional().meta({
      description: 'Call a tool and check the notifications it causes.',
      examples: [{ tool: 'longRunningOperation', args: { duration: 1, steps: 2 }, expect: { min_count: 2 } }],
    }),
    ...trajectoryDocumentShape,
    phase: z
      .literal('setup')
      .optional()
      .meta({
        description:
          '`setup`: a fixture other assertions need, run first whatever its tools (the run otherwise orders ' +
          'assertions by risk phase: read-only, low, medium, high; see the suite key `order`).',
        examples: ['setup'],
      }),
  })
  .meta({
    description:
      "One assertion: a document of its own (mcp-assert's format; a file may hold several, separated by `---`) or " +
      "one item of a suite's `assertions:`. It has exactly one block: one of the `assert*` keys, or the trajectory " +
      'keys (`trace` or `audit_log`, with `trajectory`), which count as one block.',
  });
export type AssertionDocument = z.output<typeof AssertionDocument>;

/** The fixture keys the catalog's checks call tools by: a key outside it would name a tool no check ever calls. */
const CONFORMANCE_FIXTURE_KEYS: readonly string[] = [
  ...new Set(CONFORMANCE_CATALOG.flatMap((check) => (check.toolFixture ? [check.toolFixture.key] : []))),
];

/** A suite's `conformance:` block: core's ConformanceOptions (the CLI's flags say the same), fixture keys checked. */
export const SuiteConformance = ConformanceOptions.superRefine((options, ctx) => {
  for (const key of Object.keys(options.fixtures)) {
    if (CONFORMANCE_FIXTURE_KEYS.includes(key)) continue;
    const suggestion = suggestKey(key, CONFORMANCE_FIXTURE_KEYS);
    ctx.issues.push({
      code: 'custom',
      message: `unknown fixture key \`${key}\``,
      input: options.fixtures[key],
      path: ['fixtures', key],
      params: {
        hint:
          suggestion === undefined
            ? `the fixture keys are ${CONFORMANCE_FIXTURE_KEYS.join(', ')}`
            : `did you mean \`${suggestion}\`?`,
      },
    });
  }
}).meta({
  description:
    'Which requirement set to check, which tools the checks that call one may call, and the baseline of expected ' +
    'failures. Every key is optional: `conformance: {}` checks the 2026-07-28 set and calls no tool it was not ' +
    'given or cannot classify read-only.',
});

/** A suite's `pin:` normalized: the run checks its server's surface against the approved one (docs/health.md). */
export interface SuitePin {
  surface: 'approved';
  onChange: 'fail' | 'warn';
}

const PIN_HINT = 'write `pin: approved`, or `pin: {surface: approved, on_change: warn}`';

/** `pin: approved` (fail on change) or `pin: {surface: approved, on_change: fail|warn}`. */
export const SuitePinSchema = z
  .unknown()
  .transform((value, ctx): SuitePin => {
    if (value === 'approved') return { surface: 'approved', onChange: 'fail' };
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const entries = value as Record<string, unknown>;
      const unknown = Object.keys(entries).filter((key) => key !== 'surface' && key !== 'on_change');
      if (unknown.length > 0) return fail(ctx, value, `unknown key \`${unknown[0]}\` in pin`, PIN_HINT);
      if (entries.surface !== 'approved') {
        return fail(
          ctx,
          value,
          `pin.surface must be \`approved\`, got ${describeSuiteValue(entries.surface)}`,
          PIN_HINT,
        );
      }
      const onChange = entries.on_change ?? 'fail';
      if (onChange !== 'fail' && onChange !== 'warn') {
        return fail(ctx, value, `pin.on_change must be \`fail\` or \`warn\`, got ${describeSuiteValue(onChange)}`);
      }
      return { surface: 'approved', onChange };
    }
    return fail(ctx, value, `expected \`approved\` or a mapping, got ${describeSuiteValue(value)}`, PIN_HINT);
  })
  .meta({ shape: '`approved`, or a mapping `{surface: approved, on_change: fail|warn}`' });

/** A suite file: defaults plus `assertions: [...]`, or a `conformance:` block, or both. */
export const SuiteDocument = z
  .strictObject({
    ...sharedShape,
    fixture: z
      .string()
      .min(1)
      .optional()
      .meta({
        description:
          'Default fixture directory for `{{fixture}}`, relative to the suite file; `--fixture` overrides it. CLI only.',
        examples: ['fixtures'],
      }),
    /*
     * The policy may only narrow what the tenant (or the CLI flags) allow, checked with mergeSuitePolicy when the
     * suite runs.
     */
    policy: SuitePolicy.optional().meta({
      description:
        'Execution-policy opt-ins for this suite; they can only narrow, or use, what the tenant ' +
        'allows: a suite asking for more is refused when it runs (docs/exec-policy.md).',
      examples: [{ max_calls: 50, annotation_trust: 'cap' }],
    }),
    wire_schema: WireSchemaMode.optional().meta({
      description:
        'What a JSON-RPC message that breaks the official schema of the negotiated MCP revision does: `warn` ' +
        '(default) lists the violations with the result, `strict` also fails the assertion with them as the reason, ' +
        '`off` does not validate. Every message an assertion sends and receives is checked (docs/protocol.md).',
      examples: ['strict'],
    }),
    conformance: SuiteConformance.optional().meta({
      description:
        "Run the conformance checks of one MCP revision against the suite's server, once per run, next to (or " +
        'instead of) the assertions: each check is a result named `conformance <check id>` ' +
        '(docs/protocol.md#conformance). A check that must call a tool calls only a read-only tool or one named ' +
        'under `fixtures`.',
      examples: [
        { revision: '2025-11-25', fixtures: { simple_text_tool: 'echo' }, expected_failures: ['completion-complete'] },
      ],
    }),
    auth_posture: AuthPostureOptions.optional().meta({
      description:
        "Run the auth-posture check against the suite's server, once per run, next to (or instead of) the " +
        'assertions: what an attacker finds at its OAuth gate (a request without a token, garbage, expired, ' +
        '`alg: none` and unknown-key JWTs, a token for another resource, a token in the query string, the ' +
        'protected-resource metadata). Each finding is a result named `auth_posture <finding id>` ' +
        '(docs/oauth.md#auth-posture-check). It calls no tool. Every key is optional: `auth_posture: {}`.',
      examples: [
        {
          revision: '2025-11-25',
          other_resource_token_from: { client_id: '${POSTURE_CLIENT_ID}', client_secret: '${POSTURE_CLIENT_SECRET}' },
        },
      ],
    }),
    slo: SuiteSlo.optional().meta({
      description:
        "Latency objectives over the suite's last runs: the p50/p95/p99 of each tool's call durations over the " +
        'last `over` finished runs (default 20). A target that was met and is no longer met is a breach: shown on ' +
        'the run, in its `sloBreaches`, and sent as the `slo.breached` webhook (docs/health.md#latency-slos). ' +
        'Judged by hosted runs only; `max_ms` stays the bound of one call.',
      examples: [{ p95_ms: 800, over: 20, tools: { search: { p95_ms: 2000 } } }],
    }),
    pin: SuitePinSchema.optional().meta({
      description:
        "Check the server's tool surface (tools with schemas and annotations, resources, prompts, instructions, " +
        'server info) against the one approved on the server page before trusting the results: `pin: approved` ' +
        'fails the run with a `surface pin` result when the surface changed, `on_change: warn` records the change ' +
        "without failing. Overrides the project's setting; web runs only, the CLI ignores it (docs/health.md).",
      examples: ['approved', { surface: 'approved', on_change: 'warn' }],
    }),
    order: z
      .enum(['risk', 'as_written'])
      .optional()
      .meta({
        description:
          'The order assertions run in. `risk` (default): by risk phase, each phase in the order written: ' +
          'assertions marked `phase: setup`, then those calling only read-only tools (or none), then low (idempotent ' +
          "writes), medium (other writes), high (destructive); an assertion's phase is the most cautious of the " +
          'tools it and its setup steps call (docs/health.md#coverage-and-risk-phases). `as_written`: the order of ' +
          'the file. Results are reported in the order written either way.',
        examples: ['as_written'],
      }),
    assertions: z
      .array(AssertionDocument)
      .optional()
      .meta({
        description:
          'The assertions, run one at a time (in risk-phase order unless `order: as_written`). The other keys of the ' +
          'suite are defaults for them. Required, and not empty, unless the suite has a `conformance:` or ' +
          '`auth_posture:` block.',
        examples: [
          [
            { name: 'echo', assert: { tool: 'echo', args: { message: 'hi' }, expect: { contains: ['hi'] } } },
            {
              name: 'sum',
              assert: { tool: 'get-sum', args: { a: 2, b: 3 }, expect: { contains: ['5'] } },
              timeout: '5s',
            },
          ],
        ],
      }),
  })
  .superRefine((suite, ctx) => {
    // A conformance block is work of its own; without one, a suite with nothing to run is a mistake.
    if (
      suite.conformance !== undefined ||
      suite.auth_posture !== undefined ||
      (suite.assertions !== undefined && suite.assertions.length > 0)
    )
      return;
    ctx.issues.push({
      code: 'custom',
      message: suite.assertions === undefined ? 'missing required key `assertions`' : 'must not be empty',
      input: suite.assertions,
      path: suite.assertions === undefined ? [] : ['assertions'],
      params: { hint: 'add an assertion, or a `conformance:` or `auth_posture:` block' },
    });
  })
  .meta({
    description:
      'A suite file: defaults at the top, the assertions under `assertions:`, a `conformance:` block, or both. A ' +
      'suite file holds exactly one document.',
  });
export type SuiteDocument = z.output<typeof SuiteDocument>;
