import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultExecPolicy, ExecPolicy } from '@mcptest/core';
import { startEverythingServer, type RunningServer } from '../../../../test/mcp-servers';
import { startModernServer, type ModernServer } from '../../../../test/modern-server';
import { createMemoryCallBudget } from '../budget/memory-call-budget';
import { createSafeFetch } from '../net/safe-fetch';
import { type HostResolver } from '../net/checked-connector';
import { runConformance } from './run-conformance';

const fetch = createSafeFetch({ allowPrivateNetworks: ['127.0.0.0/8', '::1/128'] }) as typeof globalThis.fetch;
const policy = defaultExecPolicy();

function statuses(report: { results: readonly { id: string; status: string }[] }): Record<string, string> {
  return Object.fromEntries(report.results.map((r) => [r.id, r.status]));
}

/**
 * A 2025-era server whose FIRST tool is destructive and carries the reference fixture's name, so a harness that calls
 * "the first tool" or "test_simple_text" would call it. It counts the tools/call requests it receives.
 */
async function startDestructiveServer(): Promise<{ url: string; calls: string[]; stop: () => Promise<void> }> {
  const calls: string[] = [];
  const build = () => {
    const server = new McpServer({ name: 'destructive-first', version: '1.0.0' });
    server.registerTool(
      'test_simple_text',
      { description: 'Deletes every record', annotations: { destructiveHint: true, readOnlyHint: false } },
      () => {
        calls.push('test_simple_text');
        return { content: [{ type: 'text', text: 'deleted everything' }] };
      },
    );
    server.registerTool('drop_database', { description: 'Drops the database' }, () => {
      calls.push('drop_database');
      return { content: [{ type: 'text', text: 'dropped' }] };
    });
    return server;
  };
  const httpServer = http.createServer((req, res) => {
    // Stateless: a fresh server and transport per request, as the SDK's stateless example does.
    const server = build();
    const transport = new StreamableHTTPServerTransport({});
    res.on('close', () => void transport.close().then(() => server.close()));
    void server.connect(transport).then(() => transport.handleRequest(req, res));
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    calls,
    stop: () => new Promise((resolve) => httpServer.close(() => resolve())),
  };
}

describe('runConformance against server-everything (2025-11-25)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startEverythingServer();
  }, 60_000);
  afterAll(() => server.stop());

  it('passes the shared checks and skips the fixture checks it may not call', async () => {
    const report = await runConformance({ url: server.url, revision: '2025-11-25', fetch, policy });
    expect(report.protocolVersion).toBe('2025-11-25');
    expect(statuses(report)).toMatchObject({
      'server-initialize': 'PASS',
      ping: 'PASS',
      'tools-list': 'PASS',
      'tools-name-format': 'PASS',
      'resources-list': 'PASS',
      'prompts-list': 'PASS',
      'tools-call-simple-text': 'SKIPPED',
      'tools-call-error': 'SKIPPED',
    });
    expect(report.toolCalls).toEqual([]);
    expect(report.results.find((r) => r.id === 'tools-call-simple-text')?.message).toMatch(
      /fixtures: \{simple_text_tool/,
    );
  });

  it('calls a named fixture, spends the budget, and applies expected_failures', async () => {
    const budget = createMemoryCallBudget({ maxCalls: 5 });
    const report = await runConformance({
      url: server.url,
      revision: '2025-11-25',
      fetch,
      policy,
      budget,
      fixtures: { simple_text_tool: { tool: 'echo', arguments: { message: 'hi' } } },
      expectedFailures: ['tools-list', 'tools-call-error'],
    });
    expect(statuses(report)['tools-call-simple-text']).toBe('PASS');
    expect(report.toolCalls).toEqual(['echo']);
    expect(await budget.used()).toBe(1);
    // tools-list passes, so its entry is stale; tools-call-error was skipped, so its entry says nothing.
    expect(report.staleExpectedFailures).toEqual(['tools-list']);
    expect(report.ok).toBe(false);
  });

  it('skips a fixture check when the budget is spent', async () => {
    const budget = createMemoryCallBudget({ maxCalls: 1 });
    await budget.acquire();
    const report = await runConformance({
      url: server.url,
      revision: '2025-11-25',
      fetch,
      policy,
      budget,
      fixtures: { simple_text_tool: { tool: 'echo', arguments: { message: 'hi' } } },
    });
    expect(statuses(report)['tools-call-simple-text']).toBe('SKIPPED');
    expect(report.toolCalls).toEqual([]);
  });
});

describe('runConformance against a modern-only server (2026-07-28)', () => {
  let server: ModernServer;
  beforeAll(async () => {
    server = await startModernServer({ legacy: 'reject' });
  });
  afterAll(() => server.stop());

  it('runs the 2026-07-28 set statelessly', async () => {
    const report = await runConformance({
      url: server.url,
      revision: '2026-07-28',
      fetch,
      policy,
      fixtures: { simple_text_tool: { tool: 'echo', arguments: { message: 'hi' } } },
    });
    expect(report.protocolVersion).toBe('2026-07-28');
    const s = statuses(report);
    expect(s).toMatchObject({
      'tools-list': 'PASS',
      'tools-name-format': 'PASS',
      'tools-list-deterministic-order': 'PASS',
      'resources-list': 'PASS',
      'prompts-list': 'PASS',
      'sep-2164-no-empty-contents': 'PASS',
      'tools-call-simple-text': 'PASS',
    });
    expect(s['server-initialize']).toBeUndefined();
    expect(['PASS', 'WARN']).toContain(s['sep-2164-error-code']);
    // The one tools/call is the named fixture's: the header cases went out as resources/read, which calls nothing.
    expect(server.requests().filter((r) => r === 'POST tools/call')).toHaveLength(1);
    expect(report.toolCalls).toEqual(['echo']);
  });

  it('judges the stateless core, caching hints and header validation from raw probes through the safe fetch', async () => {
    const before = server.requests().length;
    const report = await runConformance({ url: server.url, revision: '2026-07-28', fetch, policy });
    const s = statuses(report);
    const ids = (scenario: string) => report.results.filter((r) => r.scenario === scenario).map((r) => r.id);
    expect(ids('server-stateless')).toHaveLength(19);
    for (const id of [...ids('server-stateless'), ...ids('caching'), ...ids('http-header-validation')])
      expect([id, s[id]]).toEqual([id, 'PASS']);
    // The SDK server does not check Host (DNS rebinding), which is a FAIL, as the official harness says.
    expect(s['localhost-host-rebinding-rejected']).toBe('FAIL');
    expect(s['localhost-host-valid-accepted']).toBe('PASS');
    // The reference json-schema-2020-12 tool is absent: reported, but pending (not scored), so it does not count.
    expect(report.results.find((r) => r.id === 'json-schema-2020-12-tool-found')).toMatchObject({
      status: 'FAIL',
      notScored: expect.stringMatching(/pending/),
    });
    const header = report.results.find((r) => r.id === 'sep-2243-server-accepts-whitespace-header-value');
    expect(header?.evidence).toMatchObject({ 'name-whitespace': { status: 200 } });
    const requests = server.requests().slice(before);
    expect(requests).toContain('POST resources/read');
    expect(requests).toContain('POST unknown/method');
    expect(requests).toContain('POST TOOLS/LIST');
    expect(requests.filter((r) => r === 'POST tools/call')).toHaveLength(0);
    expect(report.toolCalls).toEqual([]);
  });

  it('sends no raw probe without the SSRF-safe fetch', async () => {
    const before = server.requests().length;
    const report = await runConformance({ url: server.url, revision: '2026-07-28', policy });
    const raw = report.results.filter((r) =>
      ['server-stateless', 'http-header-validation', 'dns-rebinding-protection'].includes(r.scenario),
    );
    expect(raw.length).toBeGreaterThan(20);
    for (const result of raw)
      expect([result.id, result.status, result.message]).toEqual([
        result.id,
        'SKIPPED',
        expect.stringMatching(/SSRF-safe fetch/),
      ]);
    expect(
      server
        .requests()
        .slice(before)
        .some((r) => r.includes('unknown/method')),
    ).toBe(false);
  });

  it('fails every check, never skips, when no session opens', async () => {
    const report = await runConformance({
      url: 'http://127.0.0.1:9/mcp',
      revision: '2026-07-28',
      fetch,
      policy,
      timeoutMs: 2000,
    });
    expect(report.counts.FAIL).toBe(report.results.length);
    expect(report.ok).toBe(false);
  });

  it('fails the handshake check when asked for the 2025 set', async () => {
    const report = await runConformance({ url: server.url, revision: '2025-11-25', fetch, policy });
    expect(statuses(report)['server-initialize']).toBe('FAIL');
    expect(statuses(report)['tools-list']).toBe('FAIL');
    expect(report.ok).toBe(false);
  });
});

describe('DNS rebinding protection', () => {
  let server: ModernServer;
  beforeAll(async () => {
    server = await startModernServer({ legacy: 'reject', rejectForeignHosts: true });
  });
  afterAll(() => server.stop());

  it('passes a server that refuses a foreign Host, with the foreign Host really sent', async () => {
    const report = await runConformance({ url: server.url, revision: '2026-07-28', fetch, policy });
    expect(statuses(report)).toMatchObject({
      'localhost-host-rebinding-rejected': 'PASS',
      'localhost-host-valid-accepted': 'PASS',
      'tools-list': 'PASS',
    });
    expect(report.results.find((r) => r.id === 'localhost-host-rebinding-rejected')?.evidence).toMatchObject({
      hostHeader: 'evil.example.com',
      status: 403,
    });
  });

  it('does not apply to a server that is not on localhost: SKIPPED with the reason, no foreign Host sent', async () => {
    // A name that is not localhost, resolved (by the safe fetch) to a plain modern server on loopback.
    const plain = await startModernServer({ legacy: 'reject' });
    try {
      const resolve: HostResolver = (name) =>
        name === 'mcp.test' ? Promise.resolve([{ address: '127.0.0.1', family: 4 }]) : Promise.reject(new Error(name));
      const named = createSafeFetch({ allowPrivateNetworks: ['127.0.0.0/8'], resolve }) as typeof globalThis.fetch;
      const report = await runConformance({
        url: plain.url.replace('127.0.0.1', 'mcp.test'),
        revision: '2026-07-28',
        fetch: named,
        policy,
      });
      expect(statuses(report)['tools-list']).toBe('PASS');
      for (const id of ['localhost-host-rebinding-rejected', 'localhost-host-valid-accepted']) {
        const result = report.results.find((r) => r.id === id);
        expect(result?.status).toBe('SKIPPED');
        expect(result?.message).toMatch(/applies to servers on localhost.*mcp\.test/);
      }
      // Every request, the raw probes' too, went out with the URL's own Host.
      expect(plain.requests().length).toBeGreaterThan(20);
      expect(plain.hosts().every((host) => host.startsWith('mcp.test:'))).toBe(true);
    } finally {
      await plain.stop();
    }
  });
});

describe('the Mcp-Name header cases never call a tool the policy does not allow', () => {
  let server: ModernServer;
  beforeAll(async () => {
    server = await startModernServer({ legacy: 'reject', catalog: 'destructive-tool-only' });
  });
  afterAll(() => server.stop());

  it('skips them when the server has only a destructive tool, and refuses it as a named fixture', async () => {
    for (const fixtures of [{}, { header_name_tool: 'delete_all' }]) {
      const report = await runConformance({ url: server.url, revision: '2026-07-28', fetch, policy, fixtures });
      const whitespace = report.results.find((r) => r.id === 'sep-2243-server-accepts-whitespace-header-value');
      expect(whitespace?.status).toBe('SKIPPED');
      expect(whitespace?.message).toMatch(
        fixtures.header_name_tool ? /execute_destructive is off/ : /header_name_tool/,
      );
      // The Mcp-Method cases still ran (tools/list calls nothing); the verdict says the name cases were not sent.
      const reject = report.results.find((r) => r.id === 'sep-2243-server-reject-invalid-headers');
      expect(reject).toMatchObject({ status: 'PASS', message: expect.stringMatching(/Mcp-Name cases not sent/) });
      expect(report.toolCalls).toEqual([]);
    }
    expect(server.requests().filter((r) => r.endsWith('tools/call'))).toEqual([]);
    expect(server.destructiveCalls()).toBe(0);
  });

  it('sends them as tools/call only when destructive calls are allowed for the named fixture', async () => {
    const report = await runConformance({
      url: server.url,
      revision: '2026-07-28',
      fetch,
      policy: ExecPolicy.parse({ execute_destructive: true }),
      fixtures: { header_name_tool: 'delete_all' },
    });
    expect(statuses(report)['sep-2243-server-accepts-whitespace-header-value']).toBe('PASS');
    expect(report.toolCalls).toEqual(['delete_all', 'delete_all', 'delete_all']);
    // Only the accepted request ran it: the server refused the mismatched and the missing Mcp-Name.
    expect(server.destructiveCalls()).toBe(1);
  });
});

describe('runConformance never calls a tool the policy does not allow', () => {
  let server: Awaited<ReturnType<typeof startDestructiveServer>>;
  beforeAll(async () => {
    server = await startDestructiveServer();
  });
  afterAll(() => server.stop());

  it('skips the check whose reference tool is destructive, and refuses a destructive fixture', async () => {
    const report = await runConformance({
      url: server.url,
      revision: '2025-11-25',
      protocol: 'legacy',
      fetch,
      policy,
      fixtures: { error_tool: 'drop_database' },
    });
    const simple = report.results.find((r) => r.id === 'tools-call-simple-text');
    expect(simple?.status).toBe('SKIPPED');
    expect(simple?.message).toMatch(/Destructive/);
    const error = report.results.find((r) => r.id === 'tools-call-error');
    expect(error?.status).toBe('SKIPPED');
    expect(error?.message).toMatch(/execute_destructive is off/);
    expect(report.toolCalls).toEqual([]);
    expect(server.calls).toEqual([]);
  });

  it('calls a destructive fixture only when the policy allows destructive calls', async () => {
    const report = await runConformance({
      url: server.url,
      revision: '2025-11-25',
      fetch,
      policy: ExecPolicy.parse({ execute_destructive: true }),
      fixtures: { error_tool: 'drop_database' },
    });
    expect(report.toolCalls).toEqual(['drop_database']);
    expect(server.calls).toEqual(['drop_database']);
  });
});
