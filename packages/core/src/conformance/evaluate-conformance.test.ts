import { describe, expect, it } from 'vitest';
import { CONFORMANCE_CATALOG, NOT_FOUND_RESOURCE_URI, checksFor } from './catalog';
import type { ConformanceObservations, Observed } from './conformance-types';
import { ConformanceOptions } from './conformance-types';
import { evaluateConformance } from './evaluate-conformance';
import { formatConformanceJunit } from './conformance-junit';

const ok = <T>(value: T): Observed<T> => ({ kind: 'result', value });
const tools = (names: string[]) =>
  ok({ tools: names.map((name) => ({ name, description: 'd', inputSchema: { type: 'object' } })) });

const modernGood: ConformanceObservations = {
  revision: '2026-07-28',
  connect: { ok: true, era: 'modern', protocolVersion: '2026-07-28' },
  toolsList: [tools(['echo', 'get-sum']), tools(['echo', 'get-sum']), tools(['echo', 'get-sum'])],
  resourcesList: ok({ resources: [{ uri: 'demo://a', name: 'a' }] }),
  promptsList: ok({ prompts: [{ name: 'p', description: 'd' }] }),
  completion: ok({ completion: { values: ['test1'] } }),
  resourceNotFound: { kind: 'rpc_error', code: -32602, message: 'nope', data: { uri: NOT_FOUND_RESOURCE_URI } },
  toolCalls: {
    simple_text_tool: { kind: 'result', value: { content: [{ type: 'text', text: 'hi' }] }, tool: 'echo' },
    error_tool: { kind: 'not_run', reason: 'no read-only tool "test_error_handling"' },
  },
};

function statusOf(o: ConformanceObservations, id: string, expected: string[] = []) {
  return evaluateConformance(o, expected).results.find((r) => r.id === id)?.status;
}

describe('the catalog', () => {
  it('has unique ids, a spec link and a revision for every check', () => {
    const ids = CONFORMANCE_CATALOG.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const check of CONFORMANCE_CATALOG) {
      expect(check.specUrl).toMatch(/^https:\/\/modelcontextprotocol\.io\/specification\//);
      expect(check.revisions.length).toBeGreaterThan(0);
    }
  });

  it('selects checks by requirement set', () => {
    expect(checksFor('2025-11-25').map((c) => c.id)).toContain('server-initialize');
    expect(checksFor('2025-11-25').map((c) => c.id)).not.toContain('sep-2164-error-code');
    expect(checksFor('2026-07-28').map((c) => c.id)).not.toContain('ping');
    expect(checksFor('2026-07-28').map((c) => c.id)).toContain('tools-list-deterministic-order');
  });
});

describe('verdicts', () => {
  it.each<[string, ConformanceObservations, string]>([
    ['tools-list', modernGood, 'PASS'],
    ['tools-list', { ...modernGood, toolsList: [ok({ tools: [{ name: 'x' }] })] }, 'FAIL'],
    ['tools-list', { ...modernGood, toolsList: [ok({})] }, 'FAIL'],
    ['tools-list', { ...modernGood, toolsList: [{ kind: 'rpc_error', code: -32601, message: 'no' }] }, 'FAIL'],
    ['tools-name-format', modernGood, 'PASS'],
    ['tools-name-format', { ...modernGood, toolsList: [tools(['has space'])] }, 'WARN'],
    ['tools-name-format', { ...modernGood, toolsList: [tools(['x'.repeat(129)])] }, 'WARN'],
    ['tools-list-deterministic-order', modernGood, 'PASS'],
    ['tools-list-deterministic-order', { ...modernGood, toolsList: [tools(['a', 'b']), tools(['b', 'a'])] }, 'WARN'],
    ['tools-list-deterministic-order', { ...modernGood, toolsList: [tools(['a'])] }, 'WARN'],
    ['resources-list', modernGood, 'PASS'],
    ['resources-list', { ...modernGood, resourcesList: ok({ resources: [{ uri: 'x' }] }) }, 'FAIL'],
    [
      'resources-list',
      { ...modernGood, resourcesList: { kind: 'not_run', reason: 'no resources capability' } },
      'SKIPPED',
    ],
    ['prompts-list', { ...modernGood, promptsList: ok({ prompts: [{ name: 'p' }] }) }, 'FAIL'],
    ['sep-2164-error-code', modernGood, 'PASS'],
    [
      'sep-2164-error-code',
      { ...modernGood, resourceNotFound: { kind: 'rpc_error', code: -32002, message: 'x' } },
      'WARN',
    ],
    ['sep-2164-error-code', { ...modernGood, resourceNotFound: ok({ contents: [] }) }, 'WARN'],
    ['sep-2164-no-empty-contents', modernGood, 'PASS'],
    ['sep-2164-no-empty-contents', { ...modernGood, resourceNotFound: ok({ contents: [] }) }, 'FAIL'],
    ['sep-2164-data-uri', modernGood, 'PASS'],
    [
      'sep-2164-data-uri',
      { ...modernGood, resourceNotFound: { kind: 'rpc_error', code: -32602, message: 'x' } },
      'WARN',
    ],
    ['sep-2164-data-uri', { ...modernGood, resourceNotFound: ok({ contents: [] }) }, 'FAIL'],
    ['completion-complete', { ...modernGood, completion: ok({ completion: { values: [] } }) }, 'PASS'],
    ['completion-complete', { ...modernGood, completion: ok({ completion: {} }) }, 'FAIL'],
    ['completion-complete', { ...modernGood, completion: ok({}) }, 'FAIL'],
    [
      'completion-complete',
      { ...modernGood, completion: { kind: 'rpc_error', code: -32602, message: 'no prompt' } },
      'FAIL',
    ],
    ['tools-call-simple-text', modernGood, 'PASS'],
    ['tools-call-simple-text', { ...modernGood, toolCalls: { simple_text_tool: ok({ content: [] }) } }, 'FAIL'],
    ['tools-call-simple-text', { ...modernGood, toolCalls: {} }, 'SKIPPED'],
    ['tools-call-error', modernGood, 'SKIPPED'],
    [
      'tools-call-error',
      { ...modernGood, toolCalls: { error_tool: ok({ isError: true, content: [{ type: 'text', text: 'boom' }] }) } },
      'PASS',
    ],
    [
      'tools-call-error',
      { ...modernGood, toolCalls: { error_tool: ok({ content: [{ type: 'text', text: 'fine' }] }) } },
      'FAIL',
    ],
  ])('%s', (id, observations, expected) => {
    expect(statusOf(observations, id)).toBe(expected);
  });

  it('judges the 2025 handshake and ping', () => {
    const legacy: ConformanceObservations = {
      revision: '2025-11-25',
      connect: { ok: true, era: 'legacy', protocolVersion: '2025-11-25' },
      ping: ok({}),
    };
    expect(statusOf(legacy, 'server-initialize')).toBe('PASS');
    expect(statusOf(legacy, 'ping')).toBe('PASS');
    expect(statusOf({ ...legacy, ping: ok({ extra: 1 }) }, 'ping')).toBe('FAIL');
    expect(statusOf({ ...legacy, connect: { ok: false, message: 'HTTP 400' } }, 'server-initialize')).toBe('FAIL');
  });
});

describe('no session', () => {
  it('fails every check instead of skipping it', () => {
    const summary = evaluateConformance({
      revision: '2026-07-28',
      connect: { ok: false, message: 'connection refused' },
    });
    expect(summary.counts.FAIL).toBe(summary.results.length);
    expect(summary.results[0]?.message).toBe('no session: connection refused');
    expect(summary.ok).toBe(false);
  });
});

describe('expected failures', () => {
  const broken: ConformanceObservations = { ...modernGood, resourcesList: ok({ resources: [{ uri: 'x' }] }) };

  it('turns a listed FAIL into XFAIL, by scenario or scenario:check', () => {
    expect(evaluateConformance(broken).ok).toBe(false);
    for (const entry of ['resources-list', 'resources-list:resources-list']) {
      const summary = evaluateConformance(broken, [entry]);
      expect(summary.results.find((r) => r.id === 'resources-list')?.status).toBe('XFAIL');
      expect(summary.ok).toBe(true);
      expect(summary.staleExpectedFailures).toEqual([]);
    }
  });

  it('reports an entry whose check passes as stale, and fails the run', () => {
    const summary = evaluateConformance(modernGood, ['tools-list', 'prompts-list:prompts-list']);
    expect(summary.staleExpectedFailures).toEqual(['tools-list', 'prompts-list:prompts-list']);
    expect(summary.ok).toBe(false);
  });

  it('does not call an entry for a SKIPPED check stale', () => {
    expect(evaluateConformance(modernGood, ['tools-call-error']).staleExpectedFailures).toEqual([]);
  });

  it('counts every status', () => {
    const summary = evaluateConformance(broken);
    expect(summary.counts.FAIL).toBe(1);
    expect(summary.counts.SKIPPED).toBe(1);
    expect(Object.values(summary.counts).reduce((a, b) => a + b, 0)).toBe(summary.results.length);
  });
});

describe('ConformanceOptions', () => {
  it('defaults and rejects unknown keys and revisions', () => {
    expect(ConformanceOptions.parse({})).toEqual({ revision: '2026-07-28', fixtures: {}, expected_failures: [] });
    expect(ConformanceOptions.safeParse({ revision: '2024-11-05' }).success).toBe(false);
    expect(ConformanceOptions.safeParse({ fixture: {} }).success).toBe(false);
    expect(
      ConformanceOptions.parse({ fixtures: { simple_text_tool: { tool: 'echo', arguments: { message: 'x' } } } })
        .fixtures,
    ).toBeTruthy();
  });
});

describe('formatConformanceJunit', () => {
  it('writes failures, skips, expected failures and stale entries', () => {
    const broken: ConformanceObservations = {
      ...modernGood,
      resourcesList: ok({ resources: [{ uri: 'x' }] }),
      promptsList: ok({ prompts: [{ name: 'p' }] }),
    };
    const xml = formatConformanceJunit(
      evaluateConformance(broken, ['prompts-list', 'tools-list:tools-list']),
      'http://h/<mcp>',
    );
    expect(xml).toContain('<testcase classname="resources-list" name="resources-list">\n      <failure');
    expect(xml).toContain('<skipped message="expected failure: Prompt 0: missing description"/>');
    expect(xml).toContain('name="tools-list:tools-list"');
    expect(xml).toContain('http://h/&lt;mcp&gt;');
    expect(xml).toMatch(/<testsuites [^>]*failures="2"/);
  });
});
