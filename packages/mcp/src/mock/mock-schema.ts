import { z } from 'zod';

/*
 * The `mock_server:` YAML format (docs/mock-server.md). mcptest's own keys are snake_case (`delay_ms`, `when`); MCP
 * protocol fields keep the protocol's spelling (`inputSchema`, `structuredContent`, `isError`, `mimeType`), because
 * they are served as written. Objects are strict so a misspelt key is a located error, not a silently ignored field.
 *
 * Tool descriptors (`annotations`, `_meta`, `inputSchema`, `outputSchema`) are only checked to be mappings: a mock
 * must be able to serve malformed descriptors (a hint that is not a boolean) so the lints can be tested against it.
 */

/** Names a YAML value's type for "expected X, got Y" messages. */
export function describeMockValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'an empty value (null)';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  return `a ${typeof value}`;
}

/** A string, also accepting an unquoted number or boolean (`version: 1.2`, `text: 42`), which YAML parses as such. */
const ScalarString = z.unknown().transform((value, ctx): string => {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  ctx.issues.push({ code: 'custom', input: value, message: `expected a string, got ${describeMockValue(value)}` });
  return z.NEVER;
});

const NonEmptyString = z.string().min(1);

/** A JSON object passed through untouched (descriptors, `_meta`, schemas, structured content). */
const JsonObject = z.record(z.string(), z.unknown());

const ContentAnnotations = JsonObject.optional();
const Meta = JsonObject.optional();

/** One content block of a tool result or prompt message (MCP ContentBlock). */
export const MockContentBlock = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('text'), text: ScalarString, annotations: ContentAnnotations, _meta: Meta }),
  z.strictObject({
    type: z.literal('image'),
    data: z.string(),
    mimeType: NonEmptyString,
    annotations: ContentAnnotations,
    _meta: Meta,
  }),
  z.strictObject({
    type: z.literal('audio'),
    data: z.string(),
    mimeType: NonEmptyString,
    annotations: ContentAnnotations,
    _meta: Meta,
  }),
  z.strictObject({
    type: z.literal('resource_link'),
    uri: NonEmptyString,
    name: NonEmptyString,
    title: z.string().optional(),
    description: z.string().optional(),
    mimeType: z.string().optional(),
    size: z.number().optional(),
    annotations: ContentAnnotations,
    _meta: Meta,
  }),
  z.strictObject({
    type: z.literal('resource'),
    resource: z
      .strictObject({
        uri: NonEmptyString,
        mimeType: z.string().optional(),
        text: ScalarString.optional(),
        blob: z.string().optional(),
        _meta: Meta,
      })
      .superRefine((value, ctx) => {
        // One object with a rule instead of a union of two, so a mistake gets one clear message.
        if ((value.text === undefined) === (value.blob === undefined)) {
          ctx.addIssue({ code: 'custom', message: 'an embedded resource has either `text` or `blob`' });
        }
      }),
    annotations: ContentAnnotations,
    _meta: Meta,
  }),
]);
export type MockContentBlock = z.output<typeof MockContentBlock>;

/** A canned CallToolResult. `content` defaults to empty; `isError: true` makes it a tool error (not a protocol one). */
export const MockToolResponse = z.strictObject({
  content: z.array(MockContentBlock).default([]),
  /** Served as written; when it matches an `outputSchema`, SDK clients validate it against that schema. */
  structuredContent: JsonObject.optional(),
  isError: z.boolean().optional(),
  _meta: Meta,
});
export type MockToolResponse = z.output<typeof MockToolResponse>;

/** Default code of `error:` when none is written: JSON-RPC "Internal error". */
export const MOCK_DEFAULT_ERROR_CODE = -32603;

/** Answers with a JSON-RPC error response instead of a result (a protocol error, unlike `isError: true`). */
export const MockProtocolError = z.strictObject({
  code: z.number().int().default(MOCK_DEFAULT_ERROR_CODE),
  message: ScalarString,
  data: z.unknown().optional(),
});
export type MockProtocolError = z.output<typeof MockProtocolError>;

const DelayMs = z.number().int().min(0).max(600_000).optional();

/** One entry of `responses:`: tried in order; the first whose `when` matches the call's arguments answers. */
export const MockResponseCase = z.strictObject({
  /** A deep partial match on the arguments; absent or `{}` matches every call (a default). */
  when: JsonObject.optional(),
  response: MockToolResponse.optional(),
  error: MockProtocolError.optional(),
  /** Overrides the tool's `delay_ms` for this case. */
  delay_ms: DelayMs,
});
export type MockResponseCase = z.output<typeof MockResponseCase>;

export const MockTool = z.strictObject({
  name: NonEmptyString,
  title: z.string().optional(),
  description: z.string().optional(),
  /** Served as written, even malformed, so lints can be tested against the mock. */
  annotations: JsonObject.optional(),
  _meta: Meta,
  /** JSON Schema of the arguments; served as written. Default `{type: object, properties: {}}`. */
  inputSchema: JsonObject.optional(),
  outputSchema: JsonObject.optional(),
  /** The answer when no `responses:` case matches (or the only answer). */
  response: MockToolResponse.optional(),
  responses: z.array(MockResponseCase).optional(),
  /** A protocol error as the tool's answer when no `responses:` case matches. */
  error: MockProtocolError.optional(),
  /** Milliseconds to wait before answering (a cancelled call stops waiting). */
  delay_ms: DelayMs,
});
export type MockTool = z.output<typeof MockTool>;

export const MockResource = z.strictObject({
  uri: NonEmptyString,
  name: NonEmptyString,
  title: z.string().optional(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
  annotations: JsonObject.optional(),
  _meta: Meta,
  /** The content returned by resources/read: `text` (default "") or base64 `blob`. */
  text: ScalarString.optional(),
  blob: z.string().optional(),
});
export type MockResource = z.output<typeof MockResource>;

/** A resource template (resources/templates/list): served as written, nothing to read. */
export const MockResourceTemplate = z.strictObject({
  uriTemplate: NonEmptyString,
  name: NonEmptyString,
  title: z.string().optional(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
  annotations: JsonObject.optional(),
  _meta: Meta,
});
export type MockResourceTemplate = z.output<typeof MockResourceTemplate>;

export const MockPromptMessage = z.strictObject({
  role: z.enum(['user', 'assistant']),
  content: MockContentBlock,
});

export const MockPrompt = z.strictObject({
  name: NonEmptyString,
  title: z.string().optional(),
  description: z.string().optional(),
  arguments: z
    .array(
      z.strictObject({
        name: NonEmptyString,
        title: z.string().optional(),
        description: z.string().optional(),
        required: z.boolean().optional(),
      }),
    )
    .optional(),
  _meta: Meta,
  /** Messages of prompts/get; `{{args.x}}` in text is replaced by the prompt argument x. */
  messages: z.array(MockPromptMessage).default([]),
});
export type MockPrompt = z.output<typeof MockPrompt>;

export const MockServerDefinition = z.strictObject({
  name: NonEmptyString,
  /** Reported as serverInfo.version; default "0.0.0". */
  version: ScalarString.optional(),
  title: z.string().optional(),
  instructions: z.string().optional(),
  /**
   * Check each call's arguments against the tool's inputSchema and answer a tool error (`isError: true`) when they
   * do not conform, as the SDK's McpServer does. Default true; a schema that cannot be compiled is not checked.
   */
  validate_arguments: z.boolean().default(true),
  tools: z.array(MockTool).default([]),
  resources: z.array(MockResource).optional(),
  /** Listed by resources/templates/list; with or without `resources`, the server then declares `resources`. */
  resource_templates: z.array(MockResourceTemplate).optional(),
  prompts: z.array(MockPrompt).optional(),
});
export type MockServerDefinition = z.output<typeof MockServerDefinition>;

/** The whole file: one document with a single `mock_server:` key. */
export const MockServerFile = z.strictObject({ mock_server: MockServerDefinition });
