// Notifications in both protocol eras: one suite, run unchanged against server-everything (2025: logging/setLevel,
// resources/subscribe, unsolicited list changes on the session's stream) and a modern-only SDK v2 server (2026-07-28:
// the log level in each request's _meta, subscriptions/listen for resource updates and list changes), gives the same
// verdicts, and its wire validation stays clean under `wire_schema: strict`.
import { defaultExecPolicy, loadSuite, type LoadedSuite } from '@mcptest/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEverythingServer, type RunningServer } from '../../../../test/mcp-servers';
import { startModernServer, type ModernServer } from '../../../../test/modern-server';
import { createMemoryCallBudget } from '../budget/memory-call-budget';
import { createSafeFetch, type SafeFetch } from '../net';
import { executeSuite } from './execute-suite';
import type { TranscriptEntry } from '../session';
import type { ExecuteSuiteOptions, ExecuteSuiteResult } from './types';

function suiteOf(yaml: string): LoadedSuite {
  const loaded = loadSuite(yaml, 'eras-notifications.yaml');
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors, null, 2));
  return loaded.suite;
}

const DOC = 'demo://resource/static/document/features.md';

const SUITE = `
name: notifications in both eras
timeout: 15s
wire_schema: strict
assertions:
  - name: progress stays per request
    assert_notifications:
      tool: trigger-long-running-operation
      args: { duration: 0.3, steps: 3 }
      expect: { min_count: 3, methods: [notifications/progress], contains_data: ['"total":3'] }
  - name: a resource list change
    assert_notifications:
      tool: gzip-file-as-resource
      args: { name: hello.txt.gz, data: 'data:text/plain,hello' }
      expect: { methods: [notifications/resources/list_changed] }
  - name: a method that never comes (must fail)
    assert_notifications:
      tool: echo
      args: { message: quiet }
      expect: { methods: [notifications/tools/list_changed] }
  - name: logging at a level
    assert_logging:
      set_level: debug
      tool: toggle-simulated-logging
      expect: { min_messages: 1, contains_data: ['message'] }
  - name: a subscribed resource is updated
    setup: [{ tool: toggle-subscriber-updates }]
    assert_resources:
      subscribe: ${DOC}
      expect_notification: true
      unsubscribe: ${DOC}
      expect: {}
`;

let everything: RunningServer;
let modern: ModernServer;
const safeFetch: SafeFetch = createSafeFetch({ allowPrivateNetworks: ['127.0.0.0/8'] });

beforeAll(async () => {
  [everything, modern] = await Promise.all([
    startEverythingServer('streamableHttp'),
    startModernServer({ subscriberUpdateMs: 300 }),
  ]);
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

const outcomes = (run: ExecuteSuiteResult) =>
  run.results.map((r) => `${r.status} ${r.name}${r.status === 'PASS' ? '' : `: ${r.detail}`}`);

describe('notifications across the two eras', () => {
  it('one suite gives the same verdicts against a 2025 server and a modern-only server', async () => {
    const suite = suiteOf(SUITE);
    const [legacy, current] = await Promise.all([
      executeSuite(suite, options(everything.url)),
      executeSuite(suite, options(modern.url)),
    ]);
    expect(legacy.protocolVersion).toBe('2025-11-25');
    expect(current.protocolVersion).toBe('2026-07-28');
    expect(outcomes(current)).toEqual(outcomes(legacy));
    expect(current.results.map((r) => r.status)).toEqual(['PASS', 'PASS', 'FAIL', 'PASS', 'PASS']);
    // Strict wire validation found nothing to say about the listen streams, their acknowledgements and notifications.
    for (const result of [...legacy.results, ...current.results]) expect(result.wireFindings ?? []).toEqual([]);
  }, 60_000);

  it('the same verdicts with one session shared by the suite (the listen stream then grows with what is asked)', async () => {
    const own = await startModernServer({ subscriberUpdateMs: 300 });
    try {
      const suite = suiteOf(SUITE);
      const [legacy, current] = await Promise.all([
        executeSuite(suite, options(everything.url, { sessionMode: 'shared' })),
        executeSuite(suite, options(own.url, { sessionMode: 'shared' })),
      ]);
      expect(outcomes(current)).toEqual(outcomes(legacy));
      expect(current.results.map((r) => r.status)).toEqual(['PASS', 'PASS', 'FAIL', 'PASS', 'PASS']);
      for (const result of [...legacy.results, ...current.results]) expect(result.wireFindings ?? []).toEqual([]);
    } finally {
      await own.stop();
    }
  }, 60_000);

  it('the modern era asks through subscriptions/listen and _meta, never with the 2025 requests', async () => {
    // A server of its own: toggle-subscriber-updates is a toggle, and the modern fixture has no sessions to keep it in.
    const own = await startModernServer({ subscriberUpdateMs: 300 });
    const run = await executeSuite(suiteOf(SUITE), options(own.url)).finally(() => own.stop());
    expect(run.results.map((r) => r.status)).toEqual(['PASS', 'PASS', 'FAIL', 'PASS', 'PASS']);
    const entries = run.results.flatMap((r) => (r.transcript ?? []) as TranscriptEntry[]);
    const sent = entries.filter((e) => e.direction === 'sent');
    const methods = sent.map((e) => e.method);
    expect(methods).not.toContain('resources/subscribe');
    expect(methods).not.toContain('resources/unsubscribe');
    expect(methods).not.toContain('logging/setLevel');
    const listens = sent.filter((e) => e.method === 'subscriptions/listen');
    const lists = { toolsListChanged: true, promptsListChanged: true, resourcesListChanged: true };
    // One per assert_notifications (each assertion has its own session), then the subscription to the resource.
    expect(
      listens.map((e) => (e.message as unknown as { params: { notifications: unknown } }).params.notifications),
    ).toEqual([lists, lists, lists, { resourceSubscriptions: [DOC] }]);
    const logged = sent.find(
      (e) => e.method === 'tools/call' && JSON.stringify(e.message).includes('toggle-simulated-logging'),
    );
    expect((logged?.message as unknown as { params: { _meta: Record<string, unknown> } }).params._meta).toMatchObject({
      'io.modelcontextprotocol/logLevel': 'debug',
    });
    // The acknowledgement is in the transcript, not among the notifications a suite counts.
    const received = entries.filter((e) => e.direction === 'received');
    expect(received.some((e) => e.method === 'notifications/subscriptions/acknowledged')).toBe(true);
  }, 60_000);

  it('a modern server logs only for requests with a level: without set_level the failure says so', async () => {
    const suite = suiteOf(`
name: logging without a level
timeout: 5s
assertions:
  - name: no level
    assert_logging: { tool: toggle-simulated-logging, expect: { min_messages: 1 } }
`);
    const run = await executeSuite(suite, options(modern.url));
    expect(run.results[0]?.status).toBe('FAIL');
    expect(run.results[0]?.detail).toMatch(/give the block a set_level\)$/);
  }, 30_000);

  it('a resource the server will not subscribe to fails with the reason, in the modern era as in 2025', async () => {
    const noSubscribe = await startModernServer({ resourceSubscribe: false });
    try {
      const suite = suiteOf(`
name: refused
timeout: 5s
assertions:
  - name: subscribe
    assert_resources: { subscribe: ${DOC}, expect: {} }
`);
      const run = await executeSuite(suite, options(noSubscribe.url));
      expect(run.results[0]?.status).toBe('FAIL');
      expect(run.results[0]?.detail).toContain(
        `the server did not accept a subscription to this resource (its acknowledgement leaves it out; it does not declare resources.subscribe)`,
      );
    } finally {
      await noSubscribe.stop();
    }
  }, 30_000);
});
