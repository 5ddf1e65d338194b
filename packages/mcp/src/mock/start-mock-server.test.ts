// The mock server over both transports, driven by the SDK's own Client: descriptors served as written, every kind of
// answer, the call log, concurrent sessions, clean shutdown.
import net from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMockDefinition } from './load-mock-definition';
import { type MockServerDefinition } from './mock-schema';
import { type MockServerHandle, type MockTransport, startMockServer } from './start-mock-server';

const YAML = `
mock_server:
  name: test-mock
  version: "2.0.1"
  instructions: "Use me in tests."
  tools:
    - name: search_records
      description: "Find records matching a query."
      annotations: { readOnlyHint: true, title: "Search" }
      _meta: { "mcp.dev/effect": read, "vendor/x": { nested: [1, 2] } }
      inputSchema:
        type: object
        properties: { query: { type: string } }
        required: [query]
      response: { content: [ { type: text, text: "0 records for {{args.query}}" } ] }
    - name: get_item
      inputSchema:
        type: object
        properties: { id: { type: integer }, filter: { type: object } }
      outputSchema:
        type: object
        properties: { id: { type: integer }, name: { type: string } }
        required: [id, name]
      responses:
        - when: { id: 1 }
          response:
            content: [{ type: text, text: widget }]
            structuredContent: { id: 1, name: widget }
        - when: { filter: { tags: [a, b] } }
          response:
            content: [{ type: text, text: tagged }]
            structuredContent: { id: 7, name: tagged }
        - when: { id: 404 }
          response: { content: [{ type: text, text: not found }], isError: true }
        - when: { id: 500 }
          error: { code: -32010, message: "database down", data: { retry: false } }
        - when: { id: 9 }
          delay_ms: 300
          response: { content: [{ type: text, text: slow }], structuredContent: { id: 9, name: slow } }
        - response:
            content: [{ type: text, text: "item {{args.id}}" }]
            structuredContent: { id: "{{args.id}}", name: default }
    - name: strict_only
      responses:
        - when: { mode: a }
          response: { content: [{ type: text, text: A }] }
    - name: broken
      error: { message: "always broken" }
    - name: very_slow
      delay_ms: 20000
      response: { content: [{ type: text, text: finally }] }
    - name: noop
  resources:
    - { uri: "mem://readme", name: readme, mimeType: text/plain, text: "hello resource" }
  prompts:
    - name: greet
      arguments: [{ name: who, required: true }]
      messages:
        - { role: user, content: { type: text, text: "Say hi to {{args.who}}" } }
`;

function definitionOf(yaml: string): MockServerDefinition {
  const loaded = loadMockDefinition(yaml, 'test.yaml');
  if (!loaded.ok) throw new Error(loaded.errors.map((e) => `${e.line}:${e.column} ${e.message}`).join('\n'));
  return loaded.definition;
}

async function connect(handle: MockServerHandle): Promise<Client> {
  const client = new Client({ name: 'mock-test', version: '0.0.0' });
  const url = new URL(handle.url);
  await client.connect(
    handle.transport === 'sse' ? new SSEClientTransport(url) : new StreamableHTTPClientTransport(url),
  );
  return client;
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

/** The rejection of a call, as the JSON-RPC error code and message the client received. */
async function rpcErrorOf(promise: Promise<unknown>): Promise<{ code: number; message: string; data: unknown }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof McpError) return { code: error.code, message: error.message, data: error.data };
    throw error;
  }
  throw new Error('expected a JSON-RPC error, got a result');
}

describe.each<MockTransport>(['http', 'sse'])('the mock server over %s', (transport) => {
  let mock: MockServerHandle;
  let client: Client;

  beforeAll(async () => {
    mock = await startMockServer({ definition: definitionOf(YAML), transport });
    client = await connect(mock);
  });
  afterAll(async () => {
    await client.close();
    await mock.close();
  });

  it('serves on the transport’s path on a port the OS chose', () => {
    expect(mock.url).toBe(`http://127.0.0.1:${mock.port}/${transport === 'sse' ? 'sse' : 'mcp'}`);
    expect(mock.port).toBeGreaterThan(0);
  });

  it('reports the server info and instructions', () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'test-mock', version: '2.0.1' });
    expect(client.getInstructions()).toBe('Use me in tests.');
  });

  it('lists tools with annotations, _meta and schemas exactly as written', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'search_records',
      'get_item',
      'strict_only',
      'broken',
      'very_slow',
      'noop',
    ]);
    expect(tools[0]).toEqual({
      name: 'search_records',
      description: 'Find records matching a query.',
      annotations: { readOnlyHint: true, title: 'Search' },
      _meta: { 'mcp.dev/effect': 'read', 'vendor/x': { nested: [1, 2] } },
      inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
    });
    expect(tools[1]?.outputSchema).toEqual({
      type: 'object',
      properties: { id: { type: 'integer' }, name: { type: 'string' } },
      required: ['id', 'name'],
    });
    // No inputSchema in the YAML: the protocol requires one, so an empty object schema is served.
    expect(tools[5]).toEqual({ name: 'noop', inputSchema: { type: 'object', properties: {} } });
  });

  it.each([
    ['a canned response, templated', 'search_records', { query: 'cats' }, { text: '0 records for cats' }],
    [
      'the first matching case',
      'get_item',
      { id: 1, extra: true },
      { text: 'widget', structured: { id: 1, name: 'widget' } },
    ],
    ['a deep partial match', 'get_item', { filter: { tags: ['a', 'b'], other: 1 } }, { text: 'tagged' }],
    [
      'the default case, keeping a number a number',
      'get_item',
      { id: 3 },
      { text: 'item 3', structured: { id: 3, name: 'default' } },
    ],
    ['a tool error (isError)', 'get_item', { id: 404 }, { text: 'not found', isError: true }],
    ['a tool error when no case matches and there is no default', 'strict_only', { mode: 'b' }, { isError: true }],
    ['empty content for a tool without a response', 'noop', {}, { empty: true }],
  ])('answers %s', async (_label, name, args, want) => {
    const result = await client.callTool({ name, arguments: args });
    const content = result.content as { type: string; text?: string }[];
    if ('empty' in want) expect(content).toEqual([]);
    if ('text' in want) expect(content).toEqual([{ type: 'text', text: want.text }]);
    if ('structured' in want) expect(result.structuredContent).toEqual(want.structured);
    expect(result.isError ?? false).toBe('isError' in want);
  });

  it('answers a protocol error with the code, message and data as written', async () => {
    expect(await rpcErrorOf(client.callTool({ name: 'get_item', arguments: { id: 500 } }))).toEqual({
      code: -32010,
      message: 'MCP error -32010: database down',
      data: { retry: false },
    });
    expect(await rpcErrorOf(client.callTool({ name: 'broken', arguments: {} }))).toMatchObject({
      code: -32603,
      message: 'MCP error -32603: always broken',
    });
  });

  it('answers an unknown tool with Invalid params (-32602)', async () => {
    expect((await rpcErrorOf(client.callTool({ name: 'nope', arguments: {} }))).code).toBe(-32602);
  });

  it('answers arguments that violate the inputSchema with a tool error', async () => {
    const result = await client.callTool({ name: 'search_records', arguments: { query: 42 } });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('Invalid arguments for tool search_records');
  });

  it('waits delay_ms before answering', async () => {
    const started = performance.now();
    const result = await client.callTool({ name: 'get_item', arguments: { id: 9 } });
    expect(performance.now() - started).toBeGreaterThanOrEqual(280);
    expect(result.structuredContent).toEqual({ id: 9, name: 'slow' });
    // The record says how long the call was in flight (the scale test counts calls in flight at once from it).
    const call = mock.calls.at(-1)!;
    expect(call.tool).toBe('get_item');
    expect(call.answeredAt! - call.at).toBeGreaterThanOrEqual(280);
  });

  it('serves resources and prompts', async () => {
    expect((await client.listResources()).resources).toEqual([
      { uri: 'mem://readme', name: 'readme', mimeType: 'text/plain' },
    ]);
    expect((await client.readResource({ uri: 'mem://readme' })).contents).toEqual([
      { uri: 'mem://readme', mimeType: 'text/plain', text: 'hello resource' },
    ]);
    expect((await rpcErrorOf(client.readResource({ uri: 'mem://missing' }))).code).toBe(-32002);
    const prompt = await client.getPrompt({ name: 'greet', arguments: { who: 'Ada' } });
    expect(prompt.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'Say hi to Ada' } }]);
    expect((await rpcErrorOf(client.getPrompt({ name: 'greet', arguments: {} }))).code).toBe(-32602);
  });

  it('records every call, unknown tools included, with its session', async () => {
    const before = mock.calls.length;
    await client.callTool({ name: 'search_records', arguments: { query: 'log me' } });
    await rpcErrorOf(client.callTool({ name: 'ghost', arguments: { a: 1 } }));
    const recent = mock.calls.slice(before);
    expect(recent.map(({ tool, arguments: args }) => ({ tool, args }))).toEqual([
      { tool: 'search_records', args: { query: 'log me' } },
      { tool: 'ghost', args: { a: 1 } },
    ]);
    expect(recent.every((call) => typeof call.sessionId === 'string' && call.at > 0)).toBe(true);
  });

  it('serves concurrent sessions independently and forgets a closed one', async () => {
    const others = await Promise.all([connect(mock), connect(mock), connect(mock)]);
    expect(mock.sessionCount()).toBe(4);
    const answers = await Promise.all(
      others.map((other, index) => other.callTool({ name: 'get_item', arguments: { id: 100 + index } })),
    );
    expect(answers.map((answer) => answer.structuredContent)).toEqual([
      { id: 100, name: 'default' },
      { id: 101, name: 'default' },
      { id: 102, name: 'default' },
    ]);
    const sessions = new Set(mock.calls.slice(-3).map((call) => call.sessionId));
    expect(sessions.size).toBe(3);
    // Streamable HTTP ends a session with DELETE (the SDK client's terminateSession); SSE by dropping the stream.
    await Promise.all(
      others.map(async (other) => {
        if (other.transport instanceof StreamableHTTPClientTransport) await other.transport.terminateSession();
        await other.close();
      }),
    );
    await expect.poll(() => mock.sessionCount()).toBe(1);
  });
});

describe('the mock server lifecycle', () => {
  const definition = definitionOf(YAML);

  it.each<MockTransport>(['http', 'sse'])(
    'over %s, close() ends open sessions and pending delays, then the port is free',
    async (transport) => {
      const mock = await startMockServer({ definition, transport });
      const client = await connect(mock);
      // The client waits for an answer that will not come (the server is gone), so the test abandons it.
      const abandon = new AbortController();
      const slow = client
        .callTool({ name: 'very_slow', arguments: {} }, undefined, { signal: abandon.signal })
        .catch(() => 'abandoned');
      await expect.poll(() => mock.calls.length).toBe(1);
      expect(mock.sessionCount()).toBe(1);
      const started = performance.now();
      await mock.close();
      await mock.close(); // idempotent
      // Far under the 20 s delay: close() does not wait for pending answers.
      expect(performance.now() - started).toBeLessThan(5000);
      expect(mock.sessionCount()).toBe(0);
      expect(await listening(mock.port)).toBe(false);
      abandon.abort();
      expect(await slow).toBe('abandoned');
      await client.close();
    },
  );

  it('tells onCall about each call as it arrives', async () => {
    const seen: string[] = [];
    const mock = await startMockServer({ definition, onCall: (call) => seen.push(call.tool) });
    const client = await connect(mock);
    try {
      await client.callTool({ name: 'noop', arguments: {} });
      expect(seen).toEqual(['noop']);
    } finally {
      await client.close();
      await mock.close();
    }
  });

  it('does not validate arguments when validate_arguments is false', async () => {
    const mock = await startMockServer({ definition: { ...definition, validate_arguments: false } });
    const client = await connect(mock);
    try {
      const result = await client.callTool({ name: 'search_records', arguments: { query: 42 } });
      expect(result.isError ?? false).toBe(false);
      expect(result.content).toEqual([{ type: 'text', text: '0 records for 42' }]);
    } finally {
      await client.close();
      await mock.close();
    }
  });

  it('serves a schema ajv cannot compile, and leaves those arguments unchecked', async () => {
    const broken = { type: 'object', properties: { a: { $ref: '#/nope' } } };
    const mock = await startMockServer({
      definition: definitionOf(
        `mock_server:\n  name: m\n  tools:\n    - name: t\n      inputSchema: ${JSON.stringify(broken)}\n      response: { content: [{ type: text, text: ok }] }\n`,
      ),
    });
    const client = await connect(mock);
    try {
      expect((await client.listTools()).tools[0]?.inputSchema).toEqual(broken);
      const result = await client.callTool({ name: 't', arguments: { a: 1 } });
      expect(result).toEqual({ content: [{ type: 'text', text: 'ok' }] });
    } finally {
      await client.close();
      await mock.close();
    }
  });

  it('serves malformed annotations as written (for the lints to find)', async () => {
    const mock = await startMockServer({
      definition: definitionOf(
        'mock_server:\n  name: m\n  tools:\n    - name: t\n      annotations: { readOnlyHint: "yes" }\n',
      ),
    });
    try {
      // Raw HTTP, because the SDK client would reject the malformed hint: that it is served as written is the point.
      const init = await fetch(mock.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
        }),
      });
      const sessionId = init.headers.get('mcp-session-id') ?? '';
      await init.text();
      const headers = {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'mcp-session-id': sessionId,
        'mcp-protocol-version': '2025-06-18',
      };
      await fetch(mock.url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      });
      const list = await fetch(mock.url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
      });
      expect(await list.text()).toContain('"annotations":{"readOnlyHint":"yes"}');
    } finally {
      await mock.close();
    }
  });

  it.each<[string, { method: string; body?: string; headers?: Record<string, string> }, number]>([
    ['GET without a session', { method: 'GET' }, 400],
    [
      'POST that is not initialize, without a session',
      { method: 'POST', body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' },
      400,
    ],
    ['POST that is not JSON', { method: 'POST', body: 'not json' }, 400],
    ['an unknown session', { method: 'POST', body: '{}', headers: { 'mcp-session-id': 'nope' } }, 404],
  ])('over http, refuses %s', async (_label, init, status) => {
    const mock = await startMockServer({ definition });
    try {
      const response = await fetch(mock.url, {
        ...init,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...init.headers },
      });
      expect(response.status).toBe(status);
      await response.text();
      expect(mock.sessionCount()).toBe(0);
    } finally {
      await mock.close();
    }
  });

  it.each<[MockTransport, string, string, number]>([
    ['http', '/other', 'GET', 404],
    ['http', '/sse', 'GET', 404],
    ['sse', '/mcp', 'POST', 404],
    ['sse', '/sse', 'POST', 405],
    ['sse', '/messages?sessionId=nope', 'POST', 404],
  ])('over %s, answers %s %s with %i', async (transport, path, method, status) => {
    const mock = await startMockServer({ definition, transport });
    try {
      const response = await fetch(`http://127.0.0.1:${mock.port}${path}`, { method });
      expect(response.status).toBe(status);
      await response.text();
    } finally {
      await mock.close();
    }
  });

  it('fails to start on a port in use, with the error', async () => {
    const first = await startMockServer({ definition });
    try {
      await expect(startMockServer({ definition, port: first.port })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await first.close();
    }
  });
});
