import { z } from 'zod';
import { Expect } from '../check/expect-schema';
import { SuitePolicy } from '../policy/exec-policy-schema';
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

/** A string, also accepting a number or boolean written without quotes (`port: 8080`), as Go's YAML decoder does. */
const ScalarString = z.unknown().transform((value, ctx): string => {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return fail(ctx, value, `expected a string, got ${describeSuiteValue(value)}`);
});

/** Tool arguments: a mapping; an empty `args:` means none. */
const ToolArgs = z
  .record(z.string(), z.unknown())
  .nullable()
  .optional()
  .transform((value): Record<string, unknown> => value ?? {});

/** A timeout: Go-style duration string or a number of seconds; normalized to milliseconds. */
export const SuiteDuration = z.unknown().transform((value, ctx): number => {
  const parsed = parseDuration(value);
  if (parsed.ok) return parsed.ms;
  const message =
    typeof value === 'string' || typeof value === 'number'
      ? parsed.message
      : `expected a duration, got ${describeSuiteValue(value)}`;
  return fail(ctx, value, message, DURATION_EXAMPLE);
});

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

const Transport = z.unknown().transform((value, ctx): SuiteTransport => {
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
});

/** `skip: true` or `skip: "reason"`; normalized to the reason, or undefined when not skipped. */
const Skip = z.unknown().transform((value, ctx): string | undefined => {
  if (value === false) return undefined;
  if (value === true) return 'skip: true';
  if (typeof value === 'string') return value.trim() === '' ? 'skip: true' : value;
  return fail(ctx, value, `expected true, false or a reason string, got ${describeSuiteValue(value)}`);
});

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** One variable name (mcp-assert's form) or a list; every one must be set and non-empty for the assertion to run. */
const SkipUnlessEnv = z.unknown().transform((value, ctx): string[] => {
  const names = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(names) || names.some((name) => typeof name !== 'string')) {
    return fail(ctx, value, `expected a variable name or a list of names, got ${describeSuiteValue(value)}`);
  }
  const bad = (names as string[]).find((name) => !ENV_NAME.test(name));
  if (bad !== undefined) {
    return fail(ctx, value, `"${bad}" is not an environment variable name`, 'letters, digits and _, e.g. API_TOKEN');
  }
  return names as string[];
});

/** A server URL: http(s), or containing a `${VAR}`/`{{name}}` placeholder that is expanded at run time. */
const ServerUrl = z.unknown().transform((value, ctx): string => {
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
});

/** Canned reply to the server's sampling/createMessage requests (mcp-assert SuiteSamplingConfig). */
export const SuiteSamplingConfig = z.strictObject({
  /** Text of the mock LLM reply. */
  text: ScalarString,
  /** Model name reported in the reply (default "mock"). */
  model: z.string().optional(),
  /** Stop reason reported in the reply (default "end_turn"). */
  stop_reason: z.string().optional(),
});

/** What the test client offers to server-initiated requests (mcp-assert SuiteClientCapabilities). */
export const SuiteClientCapabilities = z.strictObject({
  /** Paths returned for roots/list (as file:// URIs); `{{fixture}}` is substituted. */
  roots: z.array(ScalarString).optional(),
  /** Mock reply for sampling/createMessage. */
  sampling: SuiteSamplingConfig.optional(),
  /** Preset content for elicitation/create, answered with action "accept" (`content:` or the whole map). */
  elicitation: z.record(z.string(), z.unknown()).optional(),
});
export type SuiteClientCapabilities = z.output<typeof SuiteClientCapabilities>;

/** How to reach the server under test. In hosted runs (and with `--url`) it is replaced by the registered server. */
export const SuiteServerSchema = z.strictObject({
  /** Executable of a stdio server (CLI only). */
  command: ScalarString.optional(),
  /** Arguments of the stdio command; `{{fixture}}` is substituted. */
  args: z.array(ScalarString).nullable().optional(),
  /** Environment of the stdio server; `${VAR}` is expanded at run time. */
  env: z.record(z.string(), ScalarString).nullable().optional(),
  /** stdio | auto | http (streamable-http) | sse; default: stdio when `command` is set, else auto. */
  transport: Transport.optional(),
  /** Endpoint of an HTTP or SSE server. */
  url: ServerUrl.optional(),
  /** HTTP headers; `${VAR}` is kept raw here and expanded at run time. */
  headers: z.record(z.string(), ScalarString).nullable().optional(),
  /** mcp-assert's per-assertion Docker image for stdio servers; accepted so its files load, not used by mcptest. */
  docker: z.string().optional(),
  client_capabilities: SuiteClientCapabilities.optional(),
});

/** A tool call run before the assertion; `capture` maps a variable name to a JSONPath into the call's result. */
export const SuiteSetupStep = z.strictObject({
  tool: z.string().min(1),
  args: ToolArgs,
  /** name -> JSONPath (`$.id`); the value is `{{name}}` in later steps and the assertion (names as in templating). */
  capture: z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/), z.string().min(1)).optional(),
});
export type SuiteSetupStep = z.output<typeof SuiteSetupStep>;

const ExpectOrEmpty = Expect.nullable()
  .optional()
  .transform((value): Expect => value ?? {});

/** `assert`: call one tool and check its result. */
export const ToolAssertBlock = z.strictObject({
  tool: z.string().min(1),
  args: ToolArgs,
  expect: ExpectOrEmpty,
  /** Collect notifications/progress during the call, for `expect.min_progress`. */
  capture_progress: z.boolean().optional(),
});
export type ToolAssertBlock = z.output<typeof ToolAssertBlock>;

/** `list: {}` or `list: {cursor: ...}`; an empty `list:` (null) also means "list the first page". */
const ListArgs = z
  .strictObject({ cursor: z.string().optional() })
  .nullable()
  .transform((value) => value ?? {});

/** `assert_resources`: resources/list, resources/read, and the subscribe/unsubscribe lifecycle. */
export const ResourcesAssertBlock = z.strictObject({
  list: ListArgs.optional(),
  /** URI for resources/read. */
  read: z.string().min(1).optional(),
  /** URI to subscribe to before the list/read. */
  subscribe: z.string().min(1).optional(),
  /** URI to unsubscribe from afterwards. */
  unsubscribe: z.string().min(1).optional(),
  /** true: a notifications/resources/updated must arrive during the assertion. */
  expect_notification: z.boolean().optional(),
  expect: ExpectOrEmpty,
});
export type ResourcesAssertBlock = z.output<typeof ResourcesAssertBlock>;

/** `assert_prompts`: prompts/list (with cursor) or prompts/get (with arguments). */
export const PromptsAssertBlock = z.strictObject({
  list: ListArgs.optional(),
  get: z
    .strictObject({
      name: z.string().min(1),
      arguments: z.record(z.string(), ScalarString).nullable().optional(),
    })
    .optional(),
  expect: ExpectOrEmpty,
});
export type PromptsAssertBlock = z.output<typeof PromptsAssertBlock>;

/** `assert_completion`: completion/complete for a prompt argument or a resource template. */
export const CompletionAssertBlock = z.strictObject({
  ref: z.strictObject({
    type: z.enum(['ref/prompt', 'ref/resource']),
    /** Prompt name (ref/prompt) or resource URI (ref/resource), as in mcp-assert. */
    name: z.string().min(1),
  }),
  argument: z.strictObject({
    name: z.string().min(1),
    /** The partial value typed so far (default ""). */
    value: ScalarString.optional().transform((value) => value ?? ''),
  }),
  expect: ExpectOrEmpty,
});
export type CompletionAssertBlock = z.output<typeof CompletionAssertBlock>;

/** `assert_sampling`: call a tool whose server asks the client for an LLM reply, answered with `mock_text`. */
export const SamplingAssertBlock = z.strictObject({
  tool: z.string().min(1),
  args: ToolArgs,
  mock_text: ScalarString,
  mock_model: z.string().optional(),
  expect: ExpectOrEmpty,
});
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
export const SuiteLoggingExpect = z.strictObject({
  min_messages: z.number().int().nonnegative().optional(),
  /** At least one message has each of these levels. */
  contains_level: z.array(z.enum(MCP_LOG_LEVELS)).optional(),
  /** At least one message's data contains each of these strings. */
  contains_data: z.array(z.string()).optional(),
});

export type SuiteLoggingExpect = z.output<typeof SuiteLoggingExpect>;

/** `assert_logging`: logging/setLevel, optionally call a tool, check the log messages. */
export const LoggingAssertBlock = z.strictObject({
  set_level: z.enum(MCP_LOG_LEVELS).optional(),
  tool: z.string().min(1).optional(),
  args: ToolArgs,
  expect: SuiteLoggingExpect.nullable()
    .optional()
    .transform((value) => value ?? {}),
});
export type LoggingAssertBlock = z.output<typeof LoggingAssertBlock>;

/** Checks on every notification captured during an `assert_notifications` call. */
export const SuiteNotificationExpect = z.strictObject({
  min_count: z.number().int().nonnegative().optional(),
  max_count: z.number().int().nonnegative().optional(),
  /** Each method must appear at least once (e.g. notifications/progress). */
  methods: z.array(z.string()).optional(),
  not_methods: z.array(z.string()).optional(),
  /** Some notification's JSON params contain each string. */
  contains_data: z.array(z.string()).optional(),
  not_contains_data: z.array(z.string()).optional(),
});

export type SuiteNotificationExpect = z.output<typeof SuiteNotificationExpect>;

/** `assert_notifications`: call a tool and check the notifications it causes. */
export const NotificationsAssertBlock = z.strictObject({
  tool: z.string().min(1),
  args: ToolArgs,
  expect: SuiteNotificationExpect.nullable()
    .optional()
    .transform((value) => value ?? {}),
});
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
  name: ScalarString.optional(),
  server: SuiteServerSchema.nullable().optional(),
  setup: z.array(SuiteSetupStep).nullable().optional(),
  timeout: SuiteDuration.optional(),
  skip: Skip.optional(),
  skip_unless_env: SkipUnlessEnv.optional(),
};

/** One assertion: a single-assertion document (mcp-assert's file format) or one item of `assertions:`. */
export const AssertionDocument = z.strictObject({
  ...sharedShape,
  assert: ToolAssertBlock.optional(),
  assert_resources: ResourcesAssertBlock.optional(),
  assert_prompts: PromptsAssertBlock.optional(),
  assert_completion: CompletionAssertBlock.optional(),
  assert_sampling: SamplingAssertBlock.optional(),
  assert_logging: LoggingAssertBlock.optional(),
  assert_notifications: NotificationsAssertBlock.optional(),
  ...trajectoryDocumentShape,
});
export type AssertionDocument = z.output<typeof AssertionDocument>;

/** A suite file: defaults plus `assertions: [...]`. */
export const SuiteDocument = z.strictObject({
  ...sharedShape,
  /** Default fixture directory for `{{fixture}}`, relative to the suite file; `--fixture` overrides it. */
  fixture: z.string().min(1).optional(),
  /**
   * Per-suite execution policy opt-ins; they may only narrow what the tenant (or the CLI flags) allow, checked with
   * mergeSuitePolicy when the suite runs (docs/exec-policy.md).
   */
  policy: SuitePolicy.optional(),
  assertions: z.array(AssertionDocument).min(1),
});
export type SuiteDocument = z.output<typeof SuiteDocument>;
