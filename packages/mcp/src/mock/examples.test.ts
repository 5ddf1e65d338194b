// The example files in examples/mock load and behave as docs/mock-server.md says, over both transports.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMockDefinition } from './load-mock-definition';
import { type MockServerDefinition } from './mock-schema';
import { type MockServerHandle, type MockTransport, startMockServer } from './start-mock-server';

function loadExample(name: string): MockServerDefinition {
  const file = path.resolve('examples/mock', name);
  const loaded = loadMockDefinition(readFileSync(file, 'utf8'), file);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors));
  return loaded.definition;
}

async function serve(definition: MockServerDefinition, transport: MockTransport) {
  const mock = await startMockServer({ definition, transport });
  const client = new Client({ name: 'examples-test', version: '0.0.0' });
  const url = new URL(mock.url);
  await client.connect(transport === 'sse' ? new SSEClientTransport(url) : new StreamableHTTPClientTransport(url));
  return { mock, client };
}

describe.each<MockTransport>(['http', 'sse'])('examples/mock over %s', (transport) => {
  describe('records.yaml (issue 5)', () => {
    let mock: MockServerHandle;
    let client: Client;
    beforeAll(async () => ({ mock, client } = await serve(loadExample('records.yaml'), transport)));
    afterAll(async () => {
      await client.close();
      await mock.close();
    });

    it('declares search_records read-only and leaves delete_record unannotated', async () => {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => [tool.name, tool.annotations])).toEqual([
        ['search_records', { readOnlyHint: true }],
        ['delete_record', undefined],
      ]);
    });

    it('answers both tools with their canned text, and records the calls', async () => {
      const search = await client.callTool({ name: 'search_records', arguments: { query: 'q' } });
      expect(search.content).toEqual([{ type: 'text', text: '0 records' }]);
      expect(mock.calls.map((call) => call.tool)).toEqual(['search_records']);
      expect(mock.calls.some((call) => call.tool === 'delete_record')).toBe(false);
    });
  });

  describe('kitchen-sink.yaml', () => {
    let mock: MockServerHandle;
    let client: Client;
    beforeAll(async () => ({ mock, client } = await serve(loadExample('kitchen-sink.yaml'), transport)));
    afterAll(async () => {
      await client.close();
      await mock.close();
    });

    it('serves five tools, a resource and a prompt, with the server info', async () => {
      expect(client.getServerVersion()).toMatchObject({ name: 'kitchen-sink', version: '1.2.0' });
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([
        'get_item',
        'slow_report',
        'delete_item',
        'broken_tool',
        'noop',
      ]);
      expect((await client.readResource({ uri: 'inventory://readme' })).contents[0]).toMatchObject({
        text: 'The inventory holds widgets and gadgets.',
      });
      const prompt = await client.getPrompt({ name: 'restock', arguments: { item: 'widget' } });
      expect(prompt.messages[0]?.content).toEqual({ type: 'text', text: 'Please restock widget.' });
    });

    it.each<[string, Record<string, unknown>, unknown]>([
      ['id 1', { id: 1 }, { structuredContent: { id: 1, name: 'widget', stock: 12 } }],
      ['id 2', { id: 2 }, { structuredContent: { id: 2, name: 'gadget', stock: 0 } }],
      ['id 404 (tool error)', { id: 404 }, { isError: true, content: [{ type: 'text', text: 'item 404 not found' }] }],
      ['the default', { id: 77 }, { structuredContent: { id: 77, name: 'unknown', stock: 0 } }],
    ])('get_item answers %s', async (_label, args, expected) => {
      // The SDK client checks structuredContent against the outputSchema, so these also prove the example consistent.
      expect(await client.callTool({ name: 'get_item', arguments: args })).toMatchObject(expected as object);
    });

    it.each<[string, Record<string, unknown>, number, string]>([
      ['get_item', { id: 500 }, -32603, 'inventory database unavailable'],
      ['broken_tool', {}, -32000, 'backend crashed'],
    ])('%s %j answers a JSON-RPC error', async (name, args, code, message) => {
      const error = await client.callTool({ name, arguments: args }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(McpError);
      expect(error).toMatchObject({ code, message: `MCP error ${code}: ${message}` });
    });

    it('rejects arguments outside the inputSchema with a tool error', async () => {
      const result = await client.callTool({ name: 'get_item', arguments: { id: 0 } });
      expect(result.isError).toBe(true);
    });

    it('slow_report takes its delay_ms', async () => {
      const started = performance.now();
      await client.callTool({ name: 'slow_report', arguments: {} });
      expect(performance.now() - started).toBeGreaterThanOrEqual(1400);
    });
  });
});
