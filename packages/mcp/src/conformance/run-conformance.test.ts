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
    expect(server.requests().filter((r) => r === 'POST tools/call')).toHaveLength(1);
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
