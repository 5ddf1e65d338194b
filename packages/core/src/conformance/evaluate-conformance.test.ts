import { describe, expect, it } from 'vitest';
import { CONFORMANCE_CATALOG, NOT_FOUND_RESOURCE_URI, checksFor } from './catalog';
import { JSON_SCHEMA_TOOL } from './checks-json-schema';
import type { ConformanceObservations, HttpExchange, Observed } from './conformance-types';
import {
  STATELESS_PROBES,
  dnsRebindingApplies,
  dnsRebindingProbe,
  headerValidationCases,
  probeBody,
  standardHeaders,
} from './http-probes';
import { ConformanceOptions } from './conformance-types';
import { evaluateConformance } from './evaluate-conformance';
import { formatConformanceJunit } from './conformance-junit';

const ok = <T>(value: T): Observed<T> => ({ kind: 'result', value });
const toolsValue = (names: string[]) => ({
  tools: names.map((name) => ({ name, description: 'd', inputSchema: { type: 'object' } as object })),
});
const tools = (names: string[]) => ok(toolsValue(names));

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

const http = (status: number, body: unknown): HttpExchange => ({ kind: 'http', status, body });
const rpcError = (id: number, code: number, data?: unknown) => ({
  jsonrpc: '2.0',
  id,
  error: { code, message: 'x', ...(data === undefined ? {} : { data }) },
});
const rpcResult = (id: number, result: unknown) => ({ jsonrpc: '2.0', id, result });

/** What a conforming 2026-07-28 server answers to every stateless probe. */
function goodStateless(): Record<string, HttpExchange> {
  const answers: Record<string, HttpExchange> = {};
  for (const [key, probe] of Object.entries(STATELESS_PROBES)) {
    const id = probe.id ?? 0;
    answers[key] = key.startsWith('missing-')
      ? http(400, rpcError(id, -32602))
      : key.startsWith('removed-') || key === 'unknown-method'
        ? http(404, rpcError(id, -32601))
        : http(200, rpcResult(id, {}));
  }
  answers['client-info-optional'] = http(200, rpcResult(105, { supportedVersions: ['2026-07-28'], capabilities: {} }));
  answers['discover'] = http(
    200,
    rpcResult(201, {
      supportedVersions: ['2026-07-28'],
      capabilities: { tools: {}, prompts: {} },
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 's', version: '1' } },
    }),
  );
  answers['tools-list'] = http(200, rpcResult(202, { tools: [] }));
  answers['prompts-list'] = http(200, rpcResult(203, { prompts: [] }));
  answers['unsupported-version'] = http(
    400,
    rpcError(301, -32000, { supported: ['2026-07-28'], requested: 'v999.0.0' }),
  );
  answers['header-mismatch'] = http(400, rpcError(302, -32020));
  return answers;
}

const REFERENCE_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  $defs: { address: { $anchor: 'addressDef', type: 'object' } },
  allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
  if: { properties: { contactMethod: { const: 'phone' } } },
  then: { required: ['phone'] },
  else: { required: ['email'] },
  additionalProperties: false,
};

const hinted = <T extends object>(value: T) => ({ ...value, ttlMs: 60_000, cacheScope: 'public' });

/** Every header case answered as a validating server answers it. */
function goodHeaderCases(): Record<string, HttpExchange> {
  return Object.fromEntries(
    headerValidationCases({ kind: 'resources/read', name: 'demo://a' }).map((c) => [
      c.key,
      c.expect === 'reject' ? http(400, rpcError(c.probe.id ?? 0, -32020)) : http(200, rpcResult(c.probe.id ?? 0, {})),
    ]),
  );
}

const modernFull: ConformanceObservations = {
  ...modernGood,
  toolsList: [1, 2, 3].map(() => {
    const listing = toolsValue(['echo', JSON_SCHEMA_TOOL]);
    listing.tools[1] = { name: JSON_SCHEMA_TOOL, description: 'd', inputSchema: REFERENCE_SCHEMA };
    return ok(hinted(listing));
  }),
  resourcesList: ok(hinted({ resources: [{ uri: 'demo://a', name: 'a' }] })),
  promptsList: ok(hinted({ prompts: [{ name: 'p', description: 'd' }] })),
  resourceTemplatesList: ok(hinted({ resourceTemplates: [] })),
  cachingRead: { ...ok(hinted({ contents: [{ uri: 'demo://a', text: 'a' }] })), uri: 'demo://a' },
  stateless: goodStateless(),
  headerValidation: { target: { kind: 'resources/read', name: 'demo://a' }, cases: goodHeaderCases() },
  dnsRebinding: {
    applies: true,
    foreign: http(403, null),
    local: http(200, rpcResult(1, {})),
  },
};

const withStateless = (key: string, exchange: HttpExchange): ConformanceObservations => ({
  ...modernFull,
  stateless: { ...modernFull.stateless, [key]: exchange },
});
const withHeaderCase = (key: string, exchange: HttpExchange): ConformanceObservations => ({
  ...modernFull,
  headerValidation: {
    target: { kind: 'resources/read', name: 'demo://a' },
    cases: { ...modernFull.headerValidation?.cases, [key]: exchange },
  },
});

/** The 2025 set, with the reference tool of the json-schema-2020-12 scenario listed as `inputSchema`. */
function withSchemaTool(revision: ConformanceObservations['revision'], inputSchema: object): ConformanceObservations {
  return {
    ...(revision === '2026-07-28'
      ? modernFull
      : { revision, connect: { ok: true, era: 'legacy', protocolVersion: revision } }),
    revision,
    toolsList: [ok({ tools: [{ name: JSON_SCHEMA_TOOL, description: 'd', inputSchema }] })],
  };
}

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

  it.each<[string, ConformanceObservations, string]>([
    // server-stateless (SEP-2575): raw probes
    ...checksFor('2026-07-28')
      .filter((c) => c.scenario === 'server-stateless')
      .map((c): [string, ConformanceObservations, string] => [c.id, modernFull, 'PASS']),
    [
      'sep-2575-request-meta-invalid-missing-meta',
      withStateless('missing-meta', http(400, rpcError(101, -32600))),
      'FAIL',
    ],
    [
      'sep-2575-http-server-meta-invalid-400',
      withStateless('missing-protocol-version', http(200, rpcError(102, -32602))),
      'FAIL',
    ],
    [
      'sep-2575-http-server-meta-invalid-400',
      withStateless('missing-meta', { kind: 'failed', message: 'reset' }),
      'FAIL',
    ],
    [
      'sep-2575-request-meta-client-info-optional',
      withStateless('client-info-optional', http(400, rpcError(105, -32602))),
      'FAIL',
    ],
    [
      'sep-2575-server-implements-discover',
      withStateless('discover', http(200, rpcResult(201, { capabilities: {} }))),
      'FAIL',
    ],
    [
      'sep-2575-server-identifies-in-result-meta',
      withStateless(
        'discover',
        http(200, rpcResult(201, { supportedVersions: [], capabilities: {}, serverInfo: { name: 's' } })),
      ),
      'WARN',
    ],
    [
      'sep-2575-server-identifies-in-result-meta',
      withStateless('discover', { kind: 'failed', message: 'reset' }),
      'SKIPPED',
    ],
    [
      'sep-2575-server-declares-prompts-in-discover',
      withStateless(
        'discover',
        http(200, rpcResult(201, { supportedVersions: ['2026-07-28'], capabilities: { tools: {} } })),
      ),
      'FAIL',
    ],
    [
      'sep-2575-discover-capabilities-match-handlers',
      withStateless('tools-list', http(200, rpcError(202, -32601))),
      'FAIL',
    ],
    [
      'sep-2575-server-unsupported-version-error',
      withStateless(
        'unsupported-version',
        http(400, rpcError(301, -32000, { supported: ['2025-11-25'], requested: 'v999.0.0' })),
      ),
      'FAIL',
    ],
    [
      'sep-2575-server-unsupported-version-error',
      withStateless('unsupported-version', http(400, rpcError(301, -32000, { supported: ['2026-07-28'] }))),
      'FAIL',
    ],
    [
      'sep-2575-http-server-unsupported-version-400',
      withStateless('unsupported-version', http(200, rpcResult(301, {}))),
      'FAIL',
    ],
    [
      'sep-2575-http-server-header-mismatch-400',
      withStateless('header-mismatch', http(400, rpcError(302, -32602))),
      'FAIL',
    ],
    [
      'sep-2575-http-server-header-mismatch-400',
      withStateless('header-mismatch', http(200, rpcResult(302, {}))),
      'FAIL',
    ],
    [
      'sep-2575-http-server-method-not-found-404-ping',
      withStateless('removed-ping', http(200, rpcResult(500, {}))),
      'FAIL',
    ],
    [
      'sep-2575-http-server-method-not-found-404-logging-setlevel',
      withStateless('removed-logging-setlevel', http(200, rpcError(500, -32601))),
      'FAIL',
    ],
    ['sep-2575-http-server-method-not-found-404', withStateless('unknown-method', http(404, null)), 'FAIL'],
    ['sep-2575-http-server-error-jsonrpc-id', withStateless('missing-meta', http(400, rpcError(7, -32602))), 'FAIL'],
    [
      'sep-2575-http-server-error-jsonrpc-id',
      { ...modernFull, stateless: { discover: http(200, rpcResult(201, {})) } },
      'FAIL',
    ],
    [
      'sep-2575-server-implements-discover',
      { ...modernFull, stateless: { discover: { kind: 'not_run', reason: 'no fetch' } } },
      'SKIPPED',
    ],
    // caching (SEP-2549)
    ...checksFor('2026-07-28')
      .filter((c) => c.scenario === 'caching')
      .map((c): [string, ConformanceObservations, string] => [c.id, modernFull, 'PASS']),
    ['sep-2549-tools-list-caching-hints', { ...modernFull, toolsList: [tools(['echo'])] }, 'FAIL'],
    ['sep-2549-prompts-list-caching-hints', { ...modernFull, promptsList: ok({ prompts: [], ttlMs: 1 }) }, 'FAIL'],
    [
      'sep-2549-resources-templates-list-caching-hints',
      { ...modernFull, resourceTemplatesList: { kind: 'rpc_error', code: -32601, message: 'no' } },
      'FAIL',
    ],
    [
      'sep-2549-resources-read-caching-hints',
      { ...modernFull, cachingRead: { kind: 'not_run', reason: 'no resources' } },
      'SKIPPED',
    ],
    [
      'sep-2549-ttl-non-negative',
      { ...modernFull, promptsList: ok({ prompts: [], ttlMs: -1, cacheScope: 'public' }) },
      'FAIL',
    ],
    [
      'sep-2549-ttl-non-negative',
      { ...modernFull, promptsList: ok({ prompts: [], ttlMs: 1.5, cacheScope: 'public' }) },
      'FAIL',
    ],
    ['sep-2549-ttl-non-negative', { ...modernGood, resourceTemplatesList: ok({}), cachingRead: ok({}) }, 'FAIL'],
    [
      'sep-2549-cache-scope-valid',
      { ...modernFull, resourcesList: ok({ resources: [], ttlMs: 0, cacheScope: 'shared' }) },
      'FAIL',
    ],
    // http-header-validation (SEP-2243)
    ['sep-2243-server-reject-invalid-headers', modernFull, 'PASS'],
    ['sep-2243-server-reject-invalid-headers', withHeaderCase('name-mismatch', http(200, rpcResult(102, {}))), 'FAIL'],
    ['sep-2243-server-reject-invalid-headers', withHeaderCase('value-case', http(400, rpcError(107, -32600))), 'PASS'],
    ['sep-2243-server-reject-error-code', withHeaderCase('value-case', http(400, rpcError(107, -32600))), 'WARN'],
    ['sep-2243-server-accepts-whitespace-header-value', modernFull, 'PASS'],
    [
      'sep-2243-server-accepts-whitespace-header-value',
      withHeaderCase('name-whitespace', http(400, rpcError(103, -32020))),
      'FAIL',
    ],
    [
      'sep-2243-server-accepts-whitespace-header-value',
      withHeaderCase('name-whitespace', { kind: 'not_run', reason: 'budget' }),
      'SKIPPED',
    ],
    [
      'sep-2243-header-name-case-insensitive',
      withHeaderCase('header-name-uppercase', http(200, rpcError(106, -32020))),
      'FAIL',
    ],
    // dns-rebinding-protection
    ['localhost-host-rebinding-rejected', modernFull, 'PASS'],
    [
      'localhost-host-rebinding-rejected',
      { ...modernFull, dnsRebinding: { applies: true, foreign: http(200, {}), local: http(200, {}) } },
      'FAIL',
    ],
    [
      'localhost-host-rebinding-rejected',
      { ...modernFull, dnsRebinding: { applies: false, reason: 'remote' } },
      'SKIPPED',
    ],
    ['localhost-host-valid-accepted', modernFull, 'PASS'],
    [
      'localhost-host-valid-accepted',
      { ...modernFull, dnsRebinding: { applies: true, foreign: http(403, null), local: http(403, null) } },
      'FAIL',
    ],
    [
      'localhost-host-valid-accepted',
      {
        ...modernFull,
        dnsRebinding: { applies: true, foreign: http(403, null), local: http(200, {}), initialized: http(400, null) },
      },
      'FAIL',
    ],
    // json-schema-2020-12 (read from the listing; no call)
    ['json-schema-2020-12-tool-found', modernFull, 'PASS'],
    ['json-schema-2020-12-tool-found', { ...modernFull, toolsList: [ok(hinted(toolsValue(['echo'])))] }, 'FAIL'],
    ['json-schema-2020-12-$schema', { ...modernFull, toolsList: [ok(hinted(toolsValue(['echo'])))] }, 'SKIPPED'],
    ...checksFor('2026-07-28')
      .filter((c) => c.scenario === 'json-schema-2020-12')
      .map((c): [string, ConformanceObservations, string] => [
        c.id,
        withSchemaTool('2026-07-28', REFERENCE_SCHEMA),
        'PASS',
      ]),
    ['json-schema-2020-12-$schema', withSchemaTool('2025-11-25', { ...REFERENCE_SCHEMA, $schema: undefined }), 'FAIL'],
    ['json-schema-2020-12-$defs', withSchemaTool('2025-11-25', { ...REFERENCE_SCHEMA, $defs: {} }), 'FAIL'],
    [
      'json-schema-2020-12-additionalProperties',
      withSchemaTool('2025-11-25', { ...REFERENCE_SCHEMA, additionalProperties: true }),
      'FAIL',
    ],
    [
      'sep-2106-composition-keywords-preserved',
      withSchemaTool('2026-07-28', { ...REFERENCE_SCHEMA, allOf: [{}] }),
      'FAIL',
    ],
    [
      'sep-2106-composition-keywords-preserved',
      withSchemaTool('2025-11-25', { ...REFERENCE_SCHEMA, allOf: [{}] }),
      'SKIPPED',
    ],
    ['sep-2106-conditional-keywords-preserved', withSchemaTool('2026-07-28', { type: 'object' }), 'FAIL'],
    ['sep-2106-anchor-keyword-preserved', withSchemaTool('2026-07-28', { $defs: { address: {} } }), 'FAIL'],
  ])('%s (new checks)', (id, observations, expected) => {
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

describe('not-scored checks', () => {
  it('reports the FAIL of a check its revision does not score, without failing the run', () => {
    const summary = evaluateConformance({ ...modernFull, toolsList: [ok(hinted(toolsValue(['echo'])))] });
    expect(summary.counts.WARN).toBe(1); // deterministic order needs two listings
    const found = summary.results.find((r) => r.id === 'json-schema-2020-12-tool-found');
    expect(found).toMatchObject({ status: 'FAIL', notScored: expect.stringMatching(/^pending/) });
    expect(summary.counts.FAIL).toBe(1);
    expect(summary.ok).toBe(true);
    expect(summary.results.find((r) => r.id === 'tools-list')?.notScored).toBeUndefined();
  });

  it('still fails the run for a scored FAIL', () => {
    const summary = evaluateConformance({
      ...modernFull,
      dnsRebinding: { applies: true, foreign: http(200, {}), local: http(200, {}) },
    });
    expect(summary.results.filter((r) => r.status === 'FAIL').map((r) => r.id)).toEqual([
      'localhost-host-rebinding-rejected',
    ]);
    expect(summary.ok).toBe(false);
  });
});

describe('the raw probes', () => {
  it('carry the official ids, methods, headers and _meta defects', () => {
    const missingMeta = STATELESS_PROBES['missing-meta'];
    expect(missingMeta).toMatchObject({ id: 101, method: 'server/discover', params: {} });
    expect(missingMeta?.headers).toMatchObject({
      'Mcp-Method': 'server/discover',
      'MCP-Protocol-Version': '2026-07-28',
    });
    expect(STATELESS_PROBES['unsupported-version']?.headers['MCP-Protocol-Version']).toBe('v999.0.0');
    expect(STATELESS_PROBES['header-mismatch']?.headers['MCP-Protocol-Version']).toBe('2026-07-28');
    expect(JSON.parse(probeBody(STATELESS_PROBES['removed-logging-setlevel']!))).toMatchObject({
      id: 500,
      method: 'logging/setLevel',
    });
    expect(standardHeaders('resources/read', { uri: 'u' })['Mcp-Name']).toBe('u');
    expect(standardHeaders('tools/list', {}, { 'mcp-method': 'x' })).toEqual(
      expect.not.objectContaining({ 'Mcp-Method': 'tools/list' }),
    );
  });

  it('send the Mcp-Name cases with the target, and none without one', () => {
    const withPrompt = headerValidationCases({ kind: 'prompts/get', name: 'p' });
    expect(withPrompt.find((c) => c.key === 'name-whitespace')?.probe).toMatchObject({
      method: 'prompts/get',
      params: { name: 'p' },
      headers: { 'Mcp-Method': 'prompts/get', 'Mcp-Name': '  p  ' },
    });
    expect(withPrompt.find((c) => c.key === 'method-missing')?.probe.headers).not.toHaveProperty('Mcp-Method');
    const keys = headerValidationCases({ kind: 'none', reason: 'nothing safe' }).map((c) => c.key);
    expect(keys.some((key) => key.startsWith('name-'))).toBe(false);
    expect(keys).toContain('value-case');
  });

  it('apply the DNS rebinding check to localhost servers only', () => {
    expect(dnsRebindingApplies('http://127.0.0.1:3000/mcp')).toEqual({ applies: true, host: '127.0.0.1:3000' });
    expect(dnsRebindingApplies('http://[::1]:3000/mcp')).toMatchObject({ applies: true });
    expect(dnsRebindingApplies('http://localhost/mcp')).toMatchObject({ applies: true });
    expect(dnsRebindingApplies('https://mcp.example.com/mcp')).toMatchObject({
      applies: false,
      reason: expect.stringMatching(/localhost/),
    });
    expect(dnsRebindingProbe('2025-11-25', 'evil.example.com')).toMatchObject({
      method: 'initialize',
      headers: { Host: 'evil.example.com', Origin: 'http://evil.example.com', 'MCP-Protocol-Version': '2025-11-25' },
    });
    expect(dnsRebindingProbe('2026-07-28', 'h').method).toBe('server/discover');
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
  const broken: ConformanceObservations = { ...modernFull, resourcesList: ok(hinted({ resources: [{ uri: 'x' }] })) };

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
    const summary = evaluateConformance(modernFull, ['tools-list', 'prompts-list:prompts-list']);
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
      ...modernFull,
      resourcesList: ok(hinted({ resources: [{ uri: 'x' }] })),
      promptsList: ok(hinted({ prompts: [{ name: 'p' }] })),
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
