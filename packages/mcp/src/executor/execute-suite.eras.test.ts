// One suite, run unchanged against the same tools served in both protocol eras: server-everything (2025) and a
// modern-only SDK v2 server (2026-07-28). Same results; the run records the negotiated version; `auto` probes once
// per connection, and the suite's `protocol:` key and the executor's `protocol` option pin the era.
import { defaultExecPolicy, loadSuite, type LoadedSuite } from '@mcptest/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEverythingServer, type RunningServer } from '../../../../test/mcp-servers';
import { startModernServer, type ModernServer } from '../../../../test/modern-server';
import { createMemoryCallBudget } from '../budget/memory-call-budget';
import { createSafeFetch, type SafeFetch } from '../net';
import { executeSuite } from './execute-suite';
import type { ExecuteSuiteOptions } from './types';

function suiteOf(yaml: string): LoadedSuite {
  const loaded = loadSuite(yaml, 'eras.yaml');
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors, null, 2));
  return loaded.suite;
}

const ASSERTIONS = `
assertions:
  - name: echo
    assert: { tool: echo, args: { message: both eras }, expect: { not_error: true, contains: ['Echo: both eras'] } }
  - name: echo wrong (must fail)
    assert: { tool: echo, args: { message: both eras }, expect: { contains: [goodbye] } }
  - name: sum
    assert: { tool: get-sum, args: { a: 2, b: 3 }, expect: { contains: ['The sum of 2 and 3 is 5.'] } }
  - name: resources list
    assert_resources: { list: {}, expect: { contains: ['demo://resource/static/document/features.md'] } }
  - name: resource read
    assert_resources: { read: demo://resource/static/document/features.md, expect: { not_error: true } }
  - name: prompt
    assert_prompts: { get: { name: simple-prompt }, expect: { contains: ['This is a simple prompt without arguments.'] } }
`;

let everything: RunningServer;
let modern: ModernServer;
const safeFetch: SafeFetch = createSafeFetch({ allowPrivateNetworks: ['127.0.0.0/8'] });

beforeAll(async () => {
  [everything, modern] = await Promise.all([startEverythingServer('streamableHttp'), startModernServer()]);
});

afterAll(async () => {
  await Promise.all([everything?.stop(), modern?.stop()]);
  await safeFetch.close();
});

function options(url: string, extra: Partial<ExecuteSuiteOptions> = {}): ExecuteSuiteOptions {
  return {
    serverOverride: { url, transport: 'http' },
    fetch: safeFetch,
    allowStdio: false,
    policy: { ...defaultExecPolicy(), call_delay_ms: 0 },
    budget: createMemoryCallBudget({ maxCalls: 100 }),
    env: {},
    ...extra,
  };
}

const outcomes = (results: readonly { name: string; status: string; detail: string }[]) =>
  results.map((r) => `${r.status} ${r.name}${r.status === 'PASS' ? '' : `: ${r.detail}`}`);

describe('a suite across the two eras', () => {
  it('runs unchanged with the same results, and records the negotiated version', async () => {
    const suite = suiteOf(`name: eras\ntimeout: 15s\n${ASSERTIONS}`);
    const legacy = await executeSuite(suite, options(everything.url));
    const current = await executeSuite(suite, options(modern.url));
    expect(outcomes(current.results)).toEqual(outcomes(legacy.results));
    expect(current.results.map((r) => r.status)).toEqual(['PASS', 'FAIL', 'PASS', 'PASS', 'PASS', 'PASS']);
    expect(legacy.protocolVersion).toBe('2025-11-25');
    expect(current.protocolVersion).toBe('2026-07-28');
  });

  it('auto probes once per run: later per-assertion sessions adopt its server/discover result and cost no request', async () => {
    const suite = suiteOf(`name: eras\ntimeout: 15s\n${ASSERTIONS}`);
    const before = modern.requests().length;
    const run = await executeSuite(suite, options(modern.url));
    const sent = modern.requests().slice(before);
    // Six per-assertion sessions: the first sends server/discover, the other five adopt its result (the modern era
    // has no initialize and no DELETE either); one tools/list for the run (the listing is reused); one request per call.
    expect(sent.filter((r) => r === 'POST server/discover')).toHaveLength(1);
    expect(sent.filter((r) => r === 'POST tools/list')).toHaveLength(1);
    expect(sent).toHaveLength(1 + 1 + 6);
    expect(run.requestsUsed).toBe(sent.length);
    expect(run.results.map((r) => r.status)).toEqual(['PASS', 'FAIL', 'PASS', 'PASS', 'PASS', 'PASS']);
    expect(run.protocolVersion).toBe('2026-07-28');

    // So per-assertion sessions cost exactly what one shared session does on a stateless server.
    const sharedBefore = modern.requests().length;
    const shared = await executeSuite(suite, options(modern.url, { sessionMode: 'shared' }));
    expect(modern.requests().slice(sharedBefore)).toEqual(sent);
    expect(shared.results.map((r) => r.status)).toEqual(run.results.map((r) => r.status));
  });

  it("readSurface reads the surface once, reusing the run's one tools/list: only the declared lists are added", async () => {
    const suite = suiteOf(`name: eras\ntimeout: 15s\n${ASSERTIONS}`);
    const before = modern.requests().length;
    const plain = await executeSuite(suite, options(modern.url));
    const plainSent = modern.requests().slice(before);
    const middle = modern.requests().length;
    const run = await executeSuite(suite, options(modern.url, { readSurface: true }));
    const sent = modern.requests().slice(middle);
    expect(plain.surface).toBeUndefined();
    expect(sent.filter((r) => r === 'POST tools/list')).toHaveLength(1);
    const added = [...sent];
    for (const request of plainSent) added.splice(added.indexOf(request), 1);
    // The server declares resources and prompts: their three lists, once, and nothing else.
    expect(added.sort()).toEqual(['POST prompts/list', 'POST resources/list', 'POST resources/templates/list']);
    expect(run.requestsUsed).toBe(sent.length);
    expect(run.results.map((r) => r.status)).toEqual(plain.results.map((r) => r.status));
    expect(run.surface?.tools.map((t) => t.name)).toContain('echo');
    expect(run.surface?.protocolVersion).toBe('2026-07-28');
    expect(run.surfaceHash).toMatch(/^[0-9a-f]{64}$/);
    const again = await executeSuite(suite, options(modern.url, { readSurface: true, sessionMode: 'shared' }));
    expect(again.surfaceHash).toBe(run.surfaceHash);
  });

  it('a discover result is adopted only on the same connection: other headers probe again', async () => {
    const suite = suiteOf(`name: eras
timeout: 15s
assertions:
  - name: first
    server: { url: ${modern.url}, transport: http, headers: { X-Tenant: a } }
    assert: { tool: echo, args: { message: a }, expect: { contains: ['Echo: a'] } }
  - name: second
    server: { url: ${modern.url}, transport: http, headers: { X-Tenant: b } }
    assert: { tool: echo, args: { message: b }, expect: { contains: ['Echo: b'] } }
  - name: first again
    server: { url: ${modern.url}, transport: http, headers: { X-Tenant: a } }
    assert: { tool: echo, args: { message: a }, expect: { contains: ['Echo: a'] } }
`);
    const before = modern.requests().length;
    const run = await executeSuite(suite, { ...options(modern.url), serverOverride: undefined });
    expect(run.results.map((r) => r.status)).toEqual(['PASS', 'PASS', 'PASS']);
    // One probe per set of headers (an authorization context), none for the third assertion.
    expect(
      modern
        .requests()
        .slice(before)
        .filter((r) => r === 'POST server/discover'),
    ).toHaveLength(2);
  });

  it('the suite key pins the era: a 2025-only server is then unreachable, and says why', async () => {
    const suite = suiteOf(`name: pinned
timeout: 10s
server: { url: ${everything.url}, transport: http, protocol: 2026-07-28 }
assertions:
  - name: echo
    assert: { tool: echo, args: { message: x }, expect: { contains: [x] } }
`);
    const run = await executeSuite(suite, { ...options(everything.url), serverOverride: undefined });
    expect(run.results[0]?.status).toBe('FAIL');
    expect(run.results[0]?.detail).toContain('did not answer server/discover as a 2026-07-28 server');
    expect(run.protocolVersion).toBeUndefined();
  });

  it('the executor option overrides the suite key (CLI --protocol)', async () => {
    const suite = suiteOf(`name: pinned
timeout: 10s
server: { url: ${everything.url}, transport: http, protocol: 2026-07-28 }
assertions:
  - name: echo
    assert: { tool: echo, args: { message: x }, expect: { contains: ['Echo: x'] } }
`);
    const run = await executeSuite(suite, {
      ...options(everything.url),
      serverOverride: undefined,
      protocol: 'legacy',
    });
    expect(run.results[0]?.status).toBe('PASS');
    expect(run.protocolVersion).toBe('2025-11-25');
  });
});
