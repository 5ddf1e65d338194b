// End to end: the MCP SDK's transports take the safe fetch as their `fetch`, so a real server on loopback is reached
// only when the allowlist admits loopback.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEverythingServer, type RunningServer } from '../../../../test/mcp-servers';
import { createSafeFetch } from './safe-fetch';
import { SsrfRefusedError } from './ssrf-errors';

const DEV = ['127.0.0.0/8', '::1/128'];

function transportFor(
  mode: 'streamableHttp' | 'sse',
  url: string,
  fetch: ReturnType<typeof createSafeFetch>,
): Transport {
  // SSE needs the fetch twice: for the event stream (eventSourceInit) the SDK uses the same `fetch` option.
  return mode === 'sse'
    ? new SSEClientTransport(new URL(url), { fetch })
    : new StreamableHTTPClientTransport(new URL(url), { fetch });
}

describe.each(['streamableHttp', 'sse'] as const)('the SDK over %s with the safe fetch', (mode) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startEverythingServer(mode);
  });
  afterAll(() => server.stop());

  it('connects, lists tools and calls echo when loopback is allowed', async () => {
    const safeFetch = createSafeFetch({ allowPrivateNetworks: DEV });
    const client = new Client({ name: 'mcptest-safe-fetch-test', version: '0.0.0' });
    try {
      await client.connect(transportFor(mode, server.url, safeFetch));
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain('echo');
      const result = await client.callTool({ name: 'echo', arguments: { message: 'through the safe fetch' } });
      expect(JSON.stringify(result.content)).toContain('through the safe fetch');
    } finally {
      await client.close();
      await safeFetch.close();
    }
  });

  it('is refused, naming the rule, when the allowlist is empty', async () => {
    const safeFetch = createSafeFetch({ allowPrivateNetworks: [] });
    const client = new Client({ name: 'mcptest-safe-fetch-test', version: '0.0.0' });
    try {
      const error = await client.connect(transportFor(mode, server.url, safeFetch)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      // The SSE transport (through its EventSource) wraps the fetch's error in an SseError carrying its message.
      if (mode === 'streamableHttp') expect(error).toMatchObject({ code: 'ssrf_refused', rule: 'private_address' });
      expect((error as Error).message).toContain(
        'refused: 127.0.0.1 is a loopback address (MCPTEST_ALLOW_PRIVATE_NETWORKS does not include it)',
      );
    } finally {
      await client.close();
      await safeFetch.close();
    }
  });
});

describe('OAuth discovery through the safe fetch', () => {
  it('refuses an authorization server that a protected resource points at the metadata address', async () => {
    const seen: string[] = [];
    const server = http.createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      if (req.url === '/.well-known/oauth-protected-resource/mcp') {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ resource: `${origin}/mcp`, authorization_servers: ['http://169.254.169.254/'] }));
        return;
      }
      res.writeHead(401, {
        'www-authenticate': `Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`,
      });
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`);
    const provider: OAuthClientProvider = {
      redirectUrl: 'http://127.0.0.1/callback',
      clientMetadata: { redirect_uris: ['http://127.0.0.1/callback'], client_name: 'mcptest' },
      clientInformation: () => undefined,
      tokens: () => undefined,
      saveTokens: () => undefined,
      redirectToAuthorization: () => undefined,
      saveCodeVerifier: () => undefined,
      codeVerifier: () => '',
    };
    const safeFetch = createSafeFetch({ allowPrivateNetworks: DEV });
    const client = new Client({ name: 'mcptest-safe-fetch-test', version: '0.0.0' });
    try {
      const transport = new StreamableHTTPClientTransport(url, { fetch: safeFetch, authProvider: provider });
      const error = await client.connect(transport).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SsrfRefusedError);
      expect(error).toMatchObject({ rule: 'metadata' });
      expect((error as Error).message).toContain('169.254.169.254 is a cloud metadata address');
      // The discovery that was allowed (on loopback) went through the same fetch.
      expect(seen).toContain('GET /.well-known/oauth-protected-resource/mcp');
    } finally {
      await client.close();
      await safeFetch.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
