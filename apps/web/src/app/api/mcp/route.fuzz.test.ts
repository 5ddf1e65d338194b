// Fuzzes POST /api/mcp through the real route (API token, rate limits, the MCP SDK's transport, the services, this
// file's Postgres and Redis): arbitrary JSON, JSON-RPC envelopes with arbitrary methods, ids and params, batches, odd
// headers, and tool calls of list_suites, trigger_run and get_run whose arguments start from values that succeed and
// are mutated (NUL, lone surrogates, ~100 KB strings, wrong types, extra keys). No answer may be a 5xx; every answer
// is JSON-RPC (or, before the server sees the body, the API's JSON error with a 4xx); a failing tool call is an
// isError result with a known code, never `internal`; nothing unexpected is logged.
import { createTenant } from '@mcptest/db';
import {
  GetRunInput,
  ListSuitesInput,
  MCPTEST_ERROR_META_KEY,
  MCPTEST_TOOL_ERROR_CODES,
  TriggerRunInput,
} from '@mcptest/mcp';
import fc from 'fast-check';
import { beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { z } from 'zod';
import { useTestDatabase } from '../../../../../../test/db';
import {
  FUZZ_TEST_TIMEOUT_MS,
  fuzzRuns,
  liftApiLimitsForFuzzing,
  readFuzzAnswer,
  type FuzzAnswer as Answer,
} from '../../../../../../test/fuzz/fuzz-config';
import {
  applyMutations,
  HOSTILE_STRINGS,
  hostileJson,
  jsonString,
  mutation,
} from '../../../../../../test/fuzz/json-arbitraries';
import { useTestRedis } from '../../../../../../test/redis';
import { useRouteEnv } from '../../../../../../test/route-env';
import { seedSuite, type SeededSuite } from '../../../../../../test/worker';
import type * as McpRoute from './route';

const testDb = useTestDatabase();
const testRedis = useTestRedis();
useRouteEnv(testDb, testRedis);

const PROTOCOL = '2025-06-18';
const SUITE = 'name: fuzz\nassert:\n  tool: search\n  args: {q: x}\n  expect: {not_error: true}\n';

let route: typeof McpRoute;
let token: string;
let seeded: SeededSuite;
let runId: string;
let loggedErrors: MockInstance;

async function post(body: string, headers: Record<string, string> = {}): Promise<Answer> {
  const request = new Request('http://localhost/api/mcp', {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': PROTOCOL,
      ...headers,
    },
    body,
  });
  const response = await route.POST(request);
  return readFuzzAnswer(response);
}

const RpcId = z.union([z.string(), z.number(), z.null()]);
const RpcAnswer = z.union([
  z.strictObject({ jsonrpc: z.literal('2.0'), id: RpcId, result: z.record(z.string(), z.unknown()) }),
  z.strictObject({
    jsonrpc: z.literal('2.0'),
    id: RpcId,
    error: z.object({ code: z.int(), message: z.string().min(1), data: z.unknown().optional() }).loose(),
  }),
]);
/** The REST API's error body: what the route answers before the MCP server sees the request (401, 429, 400). */
const ApiErrorBody = z.strictObject({
  error: z.strictObject({ code: z.string().min(1), message: z.string().min(1), details: z.unknown().optional() }),
});
const KNOWN_TOOL_ERRORS = new Set<string>(MCPTEST_TOOL_ERROR_CODES);

/** A tools/call result: success, or isError with a known code (never `internal`) when mcptest says why. */
const ToolResult = z
  .object({
    content: z.array(z.object({ type: z.string(), text: z.string().optional() }).loose()),
    isError: z.boolean().optional(),
    structuredContent: z.record(z.string(), z.unknown()).optional(),
    _meta: z.record(z.string(), z.unknown()).optional(),
  })
  .loose();

/** What every answer must be; returns the JSON-RPC answers (none for a 202 or an error before the server). */
function expectWellFormed(answer: Answer, sent: unknown): z.infer<typeof RpcAnswer>[] {
  const where = `answered ${answer.status} ${answer.text.slice(0, 500)} to ${JSON.stringify(sent)?.slice(0, 300)}`;
  expect(answer.status, where).toBeLessThan(500);
  if (answer.status === 202) {
    expect(answer.text, where).toBe('');
    return [];
  }
  expect(answer.contentType, where).toMatch(/^application\/json/);
  if (answer.status >= 400 && ApiErrorBody.safeParse(answer.json).success) return [];
  const answers = Array.isArray(answer.json) ? answer.json : [answer.json];
  expect(answers.length, where).toBeGreaterThan(0);
  const parsed = answers.map((one) => {
    const rpc = RpcAnswer.safeParse(one);
    expect(rpc.error, where).toBeUndefined();
    return rpc.data!;
  });
  if (answer.status >= 400) {
    // The transport refuses a request as a whole with one error (bad headers, a malformed message, a batch of
    // initializes); it never answers 4xx with a result.
    for (const one of parsed) expect('error' in one, where).toBe(true);
  }
  return parsed;
}

/** A tool call's result: well-formed; an isError result carries a code from the known list (not `internal`). */
function expectToolResult(result: unknown, sent: unknown): { isError: boolean; code?: string | undefined } {
  const where = `tool result ${JSON.stringify(result)?.slice(0, 500)} for ${JSON.stringify(sent)?.slice(0, 300)}`;
  const parsed = ToolResult.safeParse(result);
  expect(parsed.error, where).toBeUndefined();
  if (!parsed.data?.isError) return { isError: false };
  const meta = parsed.data._meta?.[MCPTEST_ERROR_META_KEY] as { code?: unknown } | undefined;
  // The SDK answers arguments its schema refuses as isError without mcptest's _meta; that is a known failure too.
  const code = typeof meta?.code === 'string' ? meta.code : undefined;
  if (code !== undefined) expect(KNOWN_TOOL_ERRORS.has(code), where).toBe(true);
  return { isError: true, code };
}

const TOOLS = ['list_suites', 'trigger_run', 'get_run'] as const;
type Tool = (typeof TOOLS)[number];
const INPUTS = { list_suites: ListSuitesInput, trigger_run: TriggerRunInput, get_run: GetRunInput } as const;

/** Text arguments: the fixture's ids, ids of nothing, hostile text, and ~100 KB (a body under the 256 KB limit). */
function textArgument(): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(seeded.suiteId, seeded.projectId, runId, 'cl000000000000000000000000'), weight: 3 },
    { arbitrary: fc.constantFrom(...HOSTILE_STRINGS, 'x'.repeat(100_000), '\u0000'.repeat(1_000)), weight: 2 },
    {
      arbitrary: fc
        .tuple(fc.constantFrom(seeded.suiteId, runId, 'main'), fc.constantFrom('\u0000', '\ud800', '\udfff', ' '))
        .map(([valid, bad]) => `${valid}${bad}`),
      weight: 2,
    },
    { arbitrary: jsonString, weight: 1 },
  );
}

/** Arguments of one tool that mostly pass its schema (so calls reach the services), then mutated. */
function argumentsFor(tool: Tool): fc.Arbitrary<unknown> {
  const text = textArgument();
  const wait = fc.oneof(fc.constantFrom(0, 1, 60, 61, -1, 0.5), fc.integer());
  const model =
    tool === 'list_suites'
      ? fc.record(
          {
            projectId: fc.oneof(fc.constant(seeded.projectId), text),
            limit: fc.oneof(fc.integer({ min: 1, max: 100 }), fc.integer()),
          },
          { requiredKeys: [] },
        )
      : tool === 'trigger_run'
        ? fc.record(
            {
              suiteId: fc.oneof(fc.constant(seeded.suiteId), text),
              commitSha: fc.oneof(fc.constant('0123abc'), text),
              branch: fc.oneof(fc.constant('main'), text),
              wait,
              idempotencyKey: fc.oneof(fc.uuid(), text),
            },
            { requiredKeys: ['suiteId'] },
          )
        : fc.record({ runId: fc.oneof(fc.constant(runId), text) });
  return fc.oneof(
    { arbitrary: model, weight: 4 },
    {
      arbitrary: fc
        .tuple(model, fc.array(mutation, { minLength: 1, maxLength: 2 }))
        .map(([v, m]) => applyMutations(v, m)),
      weight: 1,
    },
    { arbitrary: hostileJson, weight: 1 },
  );
}

/**
 * Independent of the app's own check: a NUL, or a string that does not survive UTF-8 (a lone surrogate becomes
 * U+FFFD).
 */
function holdsUnstorableText(value: unknown): boolean {
  if (typeof value === 'string') {
    return value.includes('\u0000') || new TextDecoder().decode(new TextEncoder().encode(value)) !== value;
  }
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, item]) => holdsUnstorableText(key) || holdsUnstorableText(item));
  }
  return false;
}

let nextId = 1;
function toolCall(tool: string, args: unknown): Record<string, unknown> {
  return { jsonrpc: '2.0', id: nextId++, method: 'tools/call', params: { name: tool, arguments: args } };
}

beforeAll(async () => {
  liftApiLimitsForFuzzing();
  route = await import('./route');
  const { getLogger } = await import('@/server/logger');
  // The route and its tool handlers log an unexpected error before answering it as internal.
  loggedErrors = vi.spyOn(getLogger('silent'), 'error');
  const created = await createTenant(testDb.db, { name: 'MCP fuzz', ownerEmail: 'mcp-fuzz@example.test' });
  token = created.token;
  seeded = await seedSuite(testDb.db, {
    tenantId: created.tenant.id,
    serverUrl: 'https://mcp.example.com/mcp',
    yaml: SUITE,
  });
  const triggered = await post(JSON.stringify(toolCall('trigger_run', { suiteId: seeded.suiteId })));
  runId = (triggered.json as { result: { structuredContent: { id: string } } }).result.structuredContent.id;
});

describe('POST /api/mcp', () => {
  it(
    'calls the tools with arguments that pass or fail their schemas: never a 5xx, never an internal error',
    async () => {
      const outcomes: string[] = [];
      loggedErrors.mockClear();
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...TOOLS).chain((tool) => fc.tuple(fc.constant(tool), argumentsFor(tool))),
          async ([tool, args]) => {
            const message = toolCall(tool, args);
            const text = JSON.stringify(message);
            const answer = await post(text);
            const answers = expectWellFormed(answer, message);
            if (answer.status === 413) {
              outcomes.push('413');
              return;
            }
            expect(answer.status, answer.text.slice(0, 300)).toBe(200);
            const [one] = answers;
            const sentArgs = (JSON.parse(text) as { params: { arguments?: unknown } }).params.arguments;
            if (one && 'error' in one) {
              // The SDK refuses `arguments` that are not an object as a JSON-RPC error (its params schema), before
              // any tool runs; everything else is answered with a tool result.
              const isObject = typeof sentArgs === 'object' && sentArgs !== null && !Array.isArray(sentArgs);
              expect(sentArgs === undefined || isObject, answer.text.slice(0, 300)).toBe(false);
              outcomes.push('params refused');
              return;
            }
            const outcome = expectToolResult((one as { result: unknown }).result, message);
            outcomes.push(outcome.isError ? `${tool}:${outcome.code ?? 'schema'}` : `${tool}:ok`);
            // Judged on what was sent: arguments the schema accepts that hold text Postgres cannot store are refused
            // by name (validation_failed), not passed to a query.
            const accepted = INPUTS[tool].safeParse(sentArgs);
            if (accepted.success && holdsUnstorableText(accepted.data)) {
              expect(outcome, answer.text.slice(0, 300)).toEqual({ isError: true, code: 'validation_failed' });
            }
          },
        ),
        fuzzRuns(60),
      );
      expect(loggedErrors.mock.calls.map((args) => JSON.stringify(args).slice(0, 300))).toEqual([]);
      // The calls reach the services: every tool succeeds at least once.
      for (const tool of TOOLS) expect(outcomes, outcomes.join(' ')).toContain(`${tool}:ok`);
    },
    FUZZ_TEST_TIMEOUT_MS,
  );

  it(
    'answers any JSON, any envelope and any batch with JSON-RPC or a 4xx; never a 5xx',
    async () => {
      loggedErrors.mockClear();
      const tool = fc.constantFrom(...TOOLS).chain((name) => argumentsFor(name).map((args) => toolCall(name, args)));
      const envelope = fc.record(
        {
          jsonrpc: fc.oneof({ arbitrary: fc.constant('2.0'), weight: 4 }, hostileJson),
          id: fc.oneof(fc.integer(), jsonString, fc.constant(null), hostileJson),
          method: fc.oneof(
            fc.constantFrom(
              'initialize',
              'ping',
              'tools/list',
              'tools/call',
              'notifications/initialized',
              'notifications/cancelled',
              'resources/list',
              'prompts/list',
              'logging/setLevel',
              'completion/complete',
            ),
            jsonString,
          ),
          params: fc.oneof(
            hostileJson,
            fc.record({
              protocolVersion: fc.constantFrom(PROTOCOL, '2024-11-05', '1999-01-01', ''),
              capabilities: fc.constant({}),
              clientInfo: fc.record({ name: jsonString, version: jsonString }),
            }),
            fc.record({ name: fc.oneof(fc.constantFrom(...TOOLS), jsonString), arguments: hostileJson }),
          ),
        },
        { requiredKeys: [] },
      );
      const message = fc.oneof(tool, envelope, hostileJson);
      const body = fc.oneof(
        { arbitrary: message, weight: 4 },
        { arbitrary: fc.array(message, { maxLength: 4 }), weight: 1 },
      );
      const headers = fc.record(
        {
          accept: fc.constantFrom(
            'application/json',
            'text/event-stream',
            '*/*',
            'application/json, text/event-stream',
          ),
          'content-type': fc.constantFrom(
            'text/plain',
            'application/json; charset=utf-8',
            'application/x-www-form-urlencoded',
          ),
          'mcp-protocol-version': fc.constantFrom('2024-11-05', '2025-03-26', 'nope', ''),
        },
        { requiredKeys: [] },
      );
      await fc.assert(
        fc.asyncProperty(body, headers, async (sent, extra) => {
          const answer = await post(JSON.stringify(sent) ?? 'null', extra);
          for (const one of expectWellFormed(answer, { sent, extra })) {
            if ('result' in one && Array.isArray(one.result.content)) expectToolResult(one.result, sent);
          }
        }),
        fuzzRuns(60),
      );
      expect(loggedErrors.mock.calls.map((args) => JSON.stringify(args).slice(0, 300))).toEqual([]);
    },
    FUZZ_TEST_TIMEOUT_MS,
  );

  it(
    'answers text that is not JSON with a JSON-RPC parse error (400)',
    async () => {
      const notJson = fc.oneof(
        fc.string({ unit: 'binary', minLength: 1, maxLength: 60 }),
        fc.constantFrom('{', '{"jsonrpc": "2.0",}', "{'a': 1}", 'NaN', '\ufeff{}', '[1, 2', '{"a":1}x', ''),
        fc.tuple(hostileJson, fc.nat()).map(([v, cut]) => {
          const text = JSON.stringify(v) ?? 'null';
          return text.slice(0, Math.max(1, cut % text.length));
        }),
      );
      await fc.assert(
        fc.asyncProperty(notJson, async (text) => {
          const answer = await post(text);
          const answers = expectWellFormed(answer, text);
          let parses = true;
          try {
            JSON.parse(text);
          } catch {
            parses = false;
          }
          if (!parses) {
            expect(answer.status, answer.text).toBe(400);
            expect(answers[0], answer.text).toMatchObject({ error: { code: -32700 } });
          }
        }),
        fuzzRuns(30),
      );
    },
    FUZZ_TEST_TIMEOUT_MS,
  );
});
