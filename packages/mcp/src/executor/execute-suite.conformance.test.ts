// A suite's `conformance:` block in the executor, over real HTTP: the modern-only SDK v2 server (2026-07-28) and the
// deliberately non-conforming 2025 server, through the SSRF-safe fetch, the run's gate and its call budget.
import { checksFor, defaultExecPolicy, loadSuite, type LoadedSuite } from '@mcptest/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModernServer, type ModernServer } from '../../../../test/modern-server';
import { startNonconformingServer, type NonconformingServer } from '../../../../test/nonconforming-server';
import { createMemoryCallBudget } from '../budget/memory-call-budget';
import { createSafeFetch } from '../net/safe-fetch';
import { executeSuite, RUN_CANCELLED } from './execute-suite';
import type { ExecuteSuiteOptions, ExecutionEvent } from './types';

function suiteOf(yaml: string): LoadedSuite {
  const loaded = loadSuite(yaml, 'conformance.yaml');
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors, null, 2));
  return loaded.suite;
}

function options(url: string, extra: Partial<ExecuteSuiteOptions> = {}): ExecuteSuiteOptions {
  return {
    serverOverride: { url, transport: 'http' },
    fetch: createSafeFetch({ allowPrivateNetworks: ['127.0.0.0/8', '::1/128'] }),
    allowStdio: false,
    policy: { ...defaultExecPolicy(), call_delay_ms: 0 },
    budget: createMemoryCallBudget(),
    env: {},
    ...extra,
  };
}

const MODERN_SUITE = `
name: modern conformance
timeout: 10s
conformance:
  revision: 2026-07-28
  fixtures: { simple_text_tool: { tool: echo, arguments: { message: hi } } }
  # completion-complete fails (no reference prompt): baselined. prompts-list passes: a stale entry.
  expected_failures: [completion-complete, prompts-list]
assertions:
  - name: echo
    assert: { tool: echo, args: { message: hi }, expect: { contains: [hi] } }
`;

describe('a suite conformance block against the modern-only server', () => {
  let server: ModernServer;
  beforeAll(async () => {
    server = await startModernServer({ legacy: 'reject' });
  });
  afterAll(() => server.stop());

  it('runs the checks once, as results with their verdicts, before the assertions, through the gate and budget', async () => {
    const events: ExecutionEvent[] = [];
    const budget = createMemoryCallBudget({ maxCalls: 10 });
    const run = await executeSuite(
      suiteOf(MODERN_SUITE),
      options(server.url, { budget, onEvent: (event) => events.push(event), trials: 2 }),
    );
    const byName = Object.fromEntries(run.results.map((r) => [r.name, r]));
    expect(run.results.map((r) => r.name)).toEqual([
      // Every check of the revision's requirement set, in the catalog's order.
      ...checksFor('2026-07-28').map((check) => `conformance ${check.id}`),
      'conformance expected_failures prompts-list',
      // Trials repeat assertions, not the conformance checks.
      'echo',
      'echo',
    ]);
    expect(byName['conformance completion-complete']).toMatchObject({
      status: 'PASS',
      conformance: { checkId: 'completion-complete', scenario: 'completion-complete', status: 'XFAIL' },
    });
    expect(byName['conformance completion-complete']?.detail).toMatch(/^XFAIL \(in expected_failures\)/);
    expect(byName['conformance tools-call-simple-text']).toMatchObject({
      status: 'PASS',
      connection: 'opened',
      conformance: {
        checkId: 'tools-call-simple-text',
        status: 'PASS',
        revision: '2026-07-28',
        specUrl: expect.stringMatching(/^https:\/\/modelcontextprotocol\.io\//) as unknown,
      },
    });
    // No error tool on this server and none named: skipped, never guessed.
    expect(byName['conformance tools-call-error']).toMatchObject({
      status: 'SKIP',
      conformance: { status: 'SKIPPED' },
    });
    expect(byName['conformance expected_failures prompts-list']).toMatchObject({ status: 'FAIL' });
    expect(byName['conformance expected_failures prompts-list']?.detail).toMatch(/stale expected_failures entry/);
    expect(byName['conformance expected_failures prompts-list']?.conformance).toBeUndefined();

    expect(run.conformance).toMatchObject({
      revision: '2026-07-28',
      protocolVersion: '2026-07-28',
      toolCalls: ['echo'],
      staleExpectedFailures: ['prompts-list'],
      ok: false,
    });
    expect(run.conformance?.counts.XFAIL).toBe(1);
    // One tools/call for the fixture, one per trial of the (read-only) assertion: all from the run's budget.
    expect(run.callsUsed).toBe(3);
    expect(await budget.used()).toBe(3);
    expect(server.requests().filter((r) => r === 'POST tools/call')).toHaveLength(3);
    // Every request (the checks' and the raw probes' included) passed the run's gate: the server saw exactly those.
    expect(run.requestsUsed).toBe(server.requests().length);
    expect(run.requestsUsed).toBeGreaterThan(10);
    expect(run.protocolVersion).toBe('2026-07-28');
    const finished = events.flatMap((e) => (e.type === 'assertion.finished' ? [e.result.name] : []));
    expect(finished).toEqual(run.results.map((r) => r.name));
    expect(events.filter((e) => e.type === 'assertion.started')).toHaveLength(run.results.length);
  });

  it('runs a suite with a conformance block and no assertions', async () => {
    const run = await executeSuite(suiteOf('name: c\nconformance: { revision: 2026-07-28 }\n'), options(server.url));
    expect(run.results.length).toBeGreaterThan(5);
    expect(run.results.every((r) => r.name.startsWith('conformance '))).toBe(true);
    expect(run.conformance?.toolCalls).toEqual([]);
    expect(run.unreachable).toBeUndefined();
  });

  it('skips every check, sending nothing, when the run is already cancelled', async () => {
    const before = server.requests().length;
    const controller = new AbortController();
    controller.abort();
    const run = await executeSuite(
      suiteOf('name: c\nconformance: {}\n'),
      options(server.url, { signal: controller.signal }),
    );
    expect(run.results.map((r) => [r.status, r.detail])).toEqual(run.results.map(() => ['SKIP', RUN_CANCELLED]));
    expect(run.conformance).toBeUndefined();
    expect(server.requests().length).toBe(before);
  });

  it('skips the fixture check when the call budget is spent, and the run says why', async () => {
    const calls = () => server.requests().filter((r) => r === 'POST tools/call').length;
    const before = calls();
    const budget = createMemoryCallBudget({ maxCalls: 1 });
    await budget.acquire();
    const run = await executeSuite(
      suiteOf('name: c\nconformance: { fixtures: { simple_text_tool: echo } }\n'),
      options(server.url, { budget }),
    );
    const simple = run.results.find((r) => r.name === 'conformance tools-call-simple-text');
    expect(simple?.status).toBe('SKIP');
    expect(simple?.detail).toMatch(/budget/i);
    expect(run.stoppedReason).toMatch(/budget/i);
    expect(calls()).toBe(before);
  });

  it('reports an unreachable server: every check FAILs and the run is unreachable', async () => {
    const run = await executeSuite(
      suiteOf('name: c\ntimeout: 2s\nconformance: {}\n'),
      options('http://127.0.0.1:9/mcp'),
    );
    // Every check's verdict is FAIL; a check the revision does not score is a SKIP in the run (it fails nothing).
    expect(run.results.every((r) => r.conformance?.status === 'FAIL' && r.connection === 'failed')).toBe(true);
    const unscored = run.results.filter((r) => r.status === 'SKIP');
    expect(unscored.every((r) => r.detail?.startsWith('FAIL, not scored'))).toBe(true);
    expect(run.results.filter((r) => r.status === 'FAIL').length).toBeGreaterThan(unscored.length);
    expect(run.unreachable).toBeDefined();
  });
});

describe('a suite conformance block against a non-conforming 2025 server', () => {
  let server: NonconformingServer;
  beforeAll(async () => {
    server = await startNonconformingServer();
  });
  afterAll(() => server.stop());

  it('fails what it breaks and passes a WARN that says so, from the suite server block', async () => {
    const suite = suiteOf(`name: c\nserver: { url: "${'${MCP_URL}'}" }\nconformance: { revision: 2025-11-25 }\n`);
    const run = await executeSuite(suite, {
      ...options(server.url),
      serverOverride: undefined,
      env: { MCP_URL: server.url },
    });
    const byName = Object.fromEntries(run.results.map((r) => [r.name, r]));
    expect(byName['conformance tools-list']?.status).toBe('FAIL');
    expect(byName['conformance ping']?.status).toBe('FAIL');
    expect(byName['conformance tools-name-format']).toMatchObject({
      status: 'PASS',
      conformance: { status: 'WARN', revision: '2025-11-25' },
    });
    expect(byName['conformance tools-name-format']?.detail).toMatch(/^WARN: /);
    expect(run.conformance?.protocolVersion).toBe('2025-11-25');
    expect(run.conformance?.ok).toBe(false);
  });
});
