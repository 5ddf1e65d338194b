// The executor's client-capability path end to end: a suite whose server blocks declare elicitation (and roots) canned
// responses runs against the real @modelcontextprotocol/server-everything over Streamable HTTP through the SSRF-safe
// fetch, and the tool results must show what the mock answered: the accepted form values, a decline, a cancel.
import { defaultExecPolicy, loadSuite, type LoadedSuite } from '@mcptest/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startEverythingServer } from '../../../../test/mcp-servers';
import { createMemoryCallBudget } from '../budget/memory-call-budget';
import { createSafeFetch, type SafeFetch } from '../net';
import { executeSuite } from './execute-suite';
import type { ExecutedAssertion } from './types';

function suiteOf(yaml: string): LoadedSuite {
  const loaded = loadSuite(yaml, 'elicitation.yaml');
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors, null, 2));
  return loaded.suite;
}

// The server block's URL is replaced by serverOverride; its client_capabilities still apply.
const SUITE = `
name: elicitation
timeout: 8s
assertions:
  - name: elicitation accepted with content
    server:
      url: http://placeholder.invalid/mcp
      client_capabilities:
        elicitation: { action: accept, content: { name: Ada Lovelace, check: true, integer: 7 } }
    assert:
      tool: trigger-elicitation-request
      expect:
        not_error: true
        contains: ['User provided the requested information', '- Name: Ada Lovelace', '- Agreed to terms: true', '- Favorite Integer: 7']
        not_contains: [declined]
  - name: elicitation values as the whole map (mcp-assert form)
    server:
      url: http://placeholder.invalid/mcp
      client_capabilities: { elicitation: { name: Grace Hopper } }
    assert:
      tool: trigger-elicitation-request
      expect: { contains: ['- Name: Grace Hopper', '"action": "accept"'] }
  - name: elicitation declined
    server:
      url: http://placeholder.invalid/mcp
      client_capabilities: { elicitation: { action: decline, content: { name: ignored } } }
    assert:
      tool: trigger-elicitation-request
      expect: { not_error: true, contains: ['User declined to provide the requested information', '"action": "decline"'], not_contains: [ignored] }
  - name: elicitation cancelled
    server:
      url: http://placeholder.invalid/mcp
      client_capabilities: { elicitation: { action: cancel } }
    assert:
      tool: trigger-elicitation-request
      expect: { contains: ['User cancelled the elicitation dialog'] }
  - name: accepted but expected a decline (must fail)
    server:
      url: http://placeholder.invalid/mcp
      client_capabilities: { elicitation: { content: { name: Ada Lovelace } } }
    assert:
      tool: trigger-elicitation-request
      expect: { contains: [User declined] }
  - name: roots and elicitation together
    server:
      url: http://placeholder.invalid/mcp
      client_capabilities:
        roots: ['{{fixture}}/workspace']
        elicitation: { content: { name: Ada Lovelace } }
    assert: { tool: get-roots-list, expect: { contains: ['1. workspace', 'URI: file:///srv/fixture/workspace'] } }
  - name: no elicitation capability, no elicitation tool (must fail)
    assert: { tool: trigger-elicitation-request, expect: { not_error: true } }
`;

const EXPECTED: Record<string, { status: 'PASS' | 'FAIL'; detail?: RegExp }> = {
  'elicitation accepted with content': { status: 'PASS' },
  'elicitation values as the whole map (mcp-assert form)': { status: 'PASS' },
  'elicitation declined': { status: 'PASS' },
  'elicitation cancelled': { status: 'PASS' },
  'accepted but expected a decline (must fail)': {
    status: 'FAIL',
    detail: /^expected result to contain "User declined", got: ✅ User provided the requested information!/,
  },
  'roots and elicitation together': { status: 'PASS' },
  'no elicitation capability, no elicitation tool (must fail)': {
    status: 'FAIL',
    detail:
      /^expected no error but tool returned isError=true; server response: MCP error -32602: Tool trigger-elicitation-request not found$/,
  },
};

describe('executeSuite: elicitation and roots from client_capabilities against server-everything', () => {
  let server: RunningServer;
  let safeFetch: SafeFetch;
  let results: ExecutedAssertion[];
  let callsUsed: number;

  beforeAll(async () => {
    server = await startEverythingServer('streamableHttp');
    safeFetch = createSafeFetch({ allowPrivateNetworks: ['127.0.0.0/8'] });
    const run = await executeSuite(suiteOf(SUITE), {
      serverOverride: { url: server.url, transport: 'http' },
      fetch: safeFetch,
      allowStdio: false,
      policy: { ...defaultExecPolicy(), call_delay_ms: 0 },
      budget: createMemoryCallBudget(),
      fixtureDir: '/srv/fixture',
      allowLocalFiles: true,
      env: {},
    });
    results = run.results;
    callsUsed = run.callsUsed;
    expect(run.stoppedReason).toBeUndefined();
  }, 20_000);
  afterAll(async () => {
    await safeFetch?.close();
    await server?.stop();
  });

  it('reports every assertion in suite order', () => {
    expect(results.map((r) => r.name)).toEqual(Object.keys(EXPECTED));
  });

  it.each(Object.entries(EXPECTED))('%s', (name, expected) => {
    const result = results.find((r) => r.name === name);
    expect(result, name).toBeDefined();
    expect({ status: result?.status, detail: result?.detail }).toMatchObject({ status: expected.status });
    if (expected.detail) expect(result?.detail).toMatch(expected.detail);
    else expect(result?.detail).toBe('');
  });

  it('records the server elicitation/create request and the canned answer in the transcript', () => {
    const accepted = results.find((r) => r.name === 'elicitation accepted with content');
    const messages = (accepted?.transcript ?? []) as { direction?: string; method?: string; id?: unknown }[];
    const request = messages.find((m) => m.direction === 'received' && m.method === 'elicitation/create');
    expect(request).toBeDefined();
    const answer = messages.find((m) => m.direction === 'sent' && m.id === request?.id && m.method === undefined);
    expect(JSON.stringify(answer)).toContain('Ada Lovelace');
  });

  it('classifies the elicitation trigger as Mutating and runs it once', () => {
    const accepted = results.find((r) => r.name === 'elicitation accepted with content');
    expect(accepted).toMatchObject({
      tool: 'trigger-elicitation-request',
      toolClass: 'Mutating',
      decision: 'ExecuteOnce',
    });
    // One budget call per assertion: the last one's tools/call is made and answered "not found" (the server registers
    // the tool only for clients that declare elicitation).
    expect(callsUsed).toBe(Object.keys(EXPECTED).length);
  });
});
