// Proves the test harness: @modelcontextprotocol/server-everything starts on a free port in both remote transports,
// answers a real MCP client over HTTP, and stops by pid.
import net from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { startEverythingServer } from '../../../test/mcp-servers';

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

describe.each(['streamableHttp', 'sse'] as const)('server-everything over %s', (mode) => {
  it('lists tools, calls echo, and is gone after stop', async () => {
    const server = await startEverythingServer(mode);
    const client = new Client({ name: 'mcptest-harness-test', version: '0.0.0' });
    try {
      const transport =
        mode === 'sse'
          ? new SSEClientTransport(new URL(server.url))
          : new StreamableHTTPClientTransport(new URL(server.url));
      await client.connect(transport);
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain('echo');
      const result = await client.callTool({ name: 'echo', arguments: { message: 'hello harness' } });
      expect(JSON.stringify(result.content)).toContain('hello harness');
    } finally {
      await client.close();
      await server.stop();
    }
    expect(await listening(server.port)).toBe(false);
  });
});
