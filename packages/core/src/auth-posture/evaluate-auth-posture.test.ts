import { describe, expect, it } from 'vitest';
import { AUTH_POSTURE_CATALOG } from './catalog';
import { authPostureAssertionResults } from './auth-posture-assertion-results';
import { formatAuthPostureJunit } from './auth-posture-junit';
import type {
  AuthPostureObservations,
  AuthProbe,
  PostureBearerChallenge,
  ResourceMetadataObservation,
} from './auth-posture-types';
import { evaluateAuthPosture } from './evaluate-auth-posture';

const URL_ = 'http://127.0.0.1:4000/mcp';
const META_URL = 'http://127.0.0.1:4000/.well-known/oauth-protected-resource/mcp';

type Challenge = { wwwAuthenticate?: string; bearer?: PostureBearerChallenge };
/** A Bearer challenge as the runner reports it: the raw header and its parsed parameters. */
const bearer = (parameters: PostureBearerChallenge): Challenge => ({
  wwwAuthenticate: `Bearer ${Object.entries(parameters)
    .map(([k, v]) => `${k}="${String(v)}"`)
    .join(', ')}`.trim(),
  bearer: parameters,
});
const http = (status: number, challenge: Challenge = {}, rpcErrorCode?: number): AuthProbe => ({
  kind: 'http',
  status,
  ...challenge,
  ...(rpcErrorCode === undefined ? {} : { rpcErrorCode }),
});
const invalidToken = http(401, bearer({ error: 'invalid_token', resourceMetadata: META_URL }));
const metadata = (
  body: unknown,
  status = 200,
  source: 'challenge' | 'well-known' = 'challenge',
): ResourceMetadataObservation => ({
  kind: 'fetched',
  url: META_URL,
  source,
  status,
  body,
});
const GOOD_METADATA = {
  resource: URL_,
  authorization_servers: ['http://localhost:5000'],
  scopes_supported: ['mcp:tools'],
};

/** What the correct server answers: every finding passes. */
function correct(overrides: Partial<AuthPostureObservations> = {}): AuthPostureObservations {
  return {
    serverUrl: URL_,
    noToken: http(401, bearer({ resourceMetadata: META_URL })),
    metadata: metadata(GOOD_METADATA),
    tokens: {
      garbage: invalidToken,
      expired: invalidToken,
      alg_none: invalidToken,
      unknown_key: invalidToken,
      other_resource: invalidToken,
    },
    queryToken: { ...http(400, bearer({ error: 'invalid_request' })), token: 'valid' },
    ...overrides,
  };
}

function verdictOf(id: string, observations: AuthPostureObservations) {
  const result = evaluateAuthPosture(observations).results.find((r) => r.id === id);
  if (result === undefined) throw new Error(`no finding ${id}`);
  return result;
}

describe('the catalog', () => {
  it('has unique ids, each with a severity, a rationale and at least one spec reference', () => {
    const ids = AUTH_POSTURE_CATALOG.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const finding of AUTH_POSTURE_CATALOG) {
      expect(finding.rationale).not.toBe('');
      expect(finding.specRefs.length).toBeGreaterThan(0);
      for (const ref of finding.specRefs)
        expect(ref.url).toMatch(/^https:\/\/(modelcontextprotocol\.io|www\.rfc-editor\.org)\//);
    }
    expect(ids).toEqual([
      'no-token-401',
      'no-token-challenge',
      'resource-metadata-valid',
      'resource-metadata-names-server',
      'garbage-token-refused',
      'expired-token-refused',
      'alg-none-token-refused',
      'unknown-key-token-refused',
      'other-resource-token-refused',
      'query-token-refused',
    ]);
  });

  it('passes a correct server on every finding', () => {
    const summary = evaluateAuthPosture(correct());
    expect(summary.results.filter((r) => r.status !== 'PASS')).toEqual([]);
    expect(summary.ok).toBe(true);
  });
});

describe('no-token-401', () => {
  it.each([
    ['401', http(401, bearer({})), 'PASS', undefined],
    ['200: open to anyone', http(200), 'FAIL', /without any token/],
    ['403', http(403), 'FAIL', /HTTP 403 without a token/],
    ['no answer', { kind: 'failed', message: 'ECONNREFUSED' } as AuthProbe, 'FAIL', /ECONNREFUSED/],
  ] as const)('%s', (_, noToken, status, message) => {
    const result = verdictOf('no-token-401', correct({ noToken }));
    expect(result.status).toBe(status);
    if (message !== undefined) expect(result.message).toMatch(message);
  });
});

describe('no-token-challenge', () => {
  it.each([
    [
      'Bearer with resource_metadata',
      http(401, bearer({ resourceMetadata: META_URL })),
      metadata(GOOD_METADATA),
      'PASS',
      undefined,
    ],
    ['no header', http(401), metadata(GOOD_METADATA), 'FAIL', /no WWW-Authenticate/],
    [
      'Basic only',
      http(401, { wwwAuthenticate: 'Basic realm="x"' }),
      metadata(GOOD_METADATA),
      'FAIL',
      /\(Basic realm="x"\) has no Bearer challenge/,
    ],
    [
      'no resource_metadata, well-known serves it',
      http(401, bearer({})),
      metadata(GOOD_METADATA, 200, 'well-known'),
      'WARN',
      /fall back/,
    ],
    [
      'no resource_metadata, nothing at the well-known path',
      http(401, bearer({})),
      metadata('not json', 404, 'well-known'),
      'FAIL',
      /no metadata/,
    ],
    [
      'resource_metadata not a URL',
      http(401, bearer({ resourceMetadata: '/meta' })),
      metadata(GOOD_METADATA),
      'FAIL',
      /not an absolute URL/,
    ],
    ['no 401 at all', http(200), metadata(GOOD_METADATA), 'SKIPPED', /no 401/],
  ] as const)('%s', (_, noToken, meta, status, message) => {
    const result = verdictOf('no-token-challenge', correct({ noToken, metadata: meta }));
    expect(result.status).toBe(status);
    if (message !== undefined) expect(result.message).toMatch(message);
  });
});

describe('resource-metadata-valid', () => {
  it.each([
    ['valid', metadata(GOOD_METADATA), 'PASS', undefined],
    ['404', metadata(null, 404), 'FAIL', /HTTP 404/],
    ['not JSON', metadata(undefined), 'FAIL', /not a JSON object/],
    ['no resource', metadata({ authorization_servers: ['https://as.example'] }), 'FAIL', /`resource`: /],
    [
      'an authorization server on plain http',
      metadata({ resource: URL_, authorization_servers: ['http://as.example'] }),
      'FAIL',
      /http:\/\/as\.example is not https/,
    ],
    ['no authorization servers', metadata({ resource: URL_ }), 'FAIL', /authorization_servers/],
    [
      'empty authorization servers',
      metadata({ resource: URL_, authorization_servers: [] }),
      'FAIL',
      /missing or empty/,
    ],
    [
      'relative authorization server',
      metadata({ resource: URL_, authorization_servers: ['/as'] }),
      'FAIL',
      /not an absolute URL/,
    ],
    ['scopes not strings', metadata({ ...GOOD_METADATA, scopes_supported: [1] }), 'FAIL', /scopes_supported/],
    [
      'offers query tokens',
      metadata({ ...GOOD_METADATA, bearer_methods_supported: ['header', 'query'] }),
      'FAIL',
      /"query"/,
    ],
    [
      'fetch refused',
      {
        kind: 'failed',
        url: 'http://10.0.0.1/meta',
        message: 'address 10.0.0.1 is private',
      } as ResourceMetadataObservation,
      'FAIL',
      /10\.0\.0\.1 is private/,
    ],
    [
      'not fetched',
      { kind: 'not_run', reason: 'no metadata URL' } as ResourceMetadataObservation,
      'SKIPPED',
      /no metadata URL/,
    ],
  ] as const)('%s', (_, meta, status, message) => {
    const result = verdictOf('resource-metadata-valid', correct({ metadata: meta }));
    expect(result.status).toBe(status);
    if (message !== undefined) expect(result.message).toMatch(message);
  });
});

describe('resource-metadata-names-server', () => {
  it.each([
    ['the same', URL_, 'PASS', undefined],
    ['the same, host upper-cased and a fragment', 'HTTP://127.0.0.1:4000/mcp#x', 'PASS', undefined],
    ['a trailing slash', `${URL_}/`, 'FAIL', /by a trailing slash/],
    [
      'another server',
      'http://mcp.internal.invalid/mcp',
      'FAIL',
      /names http:\/\/mcp\.internal\.invalid\/mcp, not this server/,
    ],
    ['another path', 'http://127.0.0.1:4000/other', 'FAIL', /not this server/],
    ['not a URL', 'mcp', 'FAIL', /not an absolute http\(s\) URL/],
  ] as const)('%s', (_, resource, status, message) => {
    const result = verdictOf(
      'resource-metadata-names-server',
      correct({ metadata: metadata({ ...GOOD_METADATA, resource }) }),
    );
    expect(result.status).toBe(status);
    if (message !== undefined) expect(result.message).toMatch(message);
  });

  it('is SKIPPED without a document', () => {
    expect(verdictOf('resource-metadata-names-server', correct({ metadata: metadata(null, 404) })).status).toBe(
      'SKIPPED',
    );
  });
});

describe.each([
  ['garbage-token-refused', 'garbage'],
  ['expired-token-refused', 'expired'],
  ['alg-none-token-refused', 'alg_none'],
  ['unknown-key-token-refused', 'unknown_key'],
  ['other-resource-token-refused', 'other_resource'],
] as const)('%s', (id, kind) => {
  it.each([
    ['401 invalid_token', invalidToken, 'PASS', undefined],
    ['401 without an error code', http(401, bearer({ resourceMetadata: META_URL })), 'WARN', /no error/],
    ['401 invalid_request', http(401, bearer({ error: 'invalid_request' })), 'WARN', /error="invalid_request"/],
    ['200: accepted', http(200), 'FAIL', /accepted .*HTTP 200/],
    [
      '200 with a JSON-RPC error: still past the gate',
      http(200, {}, -32601),
      'FAIL',
      /JSON-RPC error -32601, but past the gate/,
    ],
    ['403: taken as valid', http(403, bearer({ error: 'insufficient_scope' })), 'FAIL', /taken as valid/],
    ['400', http(400), 'FAIL', /HTTP 400, not 401 invalid_token/],
    ['not sent', { kind: 'not_run', reason: 'no credentials' } as AuthProbe, 'SKIPPED', /no credentials/],
    ['no answer', { kind: 'failed', message: 'socket hang up' } as AuthProbe, 'FAIL', /socket hang up/],
  ] as const)('%s', (_, probe, status, message) => {
    const observations = correct();
    const result = verdictOf(id, { ...observations, tokens: { ...observations.tokens, [kind]: probe } });
    expect(result.status).toBe(status);
    if (message !== undefined) expect(result.message).toMatch(message);
  });
});

describe('query-token-refused', () => {
  it.each([
    ['valid token refused with 400', { ...http(400), token: 'valid' as const }, 'PASS', undefined],
    ['garbage token refused with 401', { ...http(401), token: 'garbage' as const }, 'PASS', /not valid/],
    ['served', { ...http(200), token: 'garbage' as const }, 'FAIL', /query string/],
    ['500', { ...http(500), token: 'valid' as const }, 'FAIL', /HTTP 500/],
  ] as const)('%s', (_, queryToken, status, message) => {
    const result = verdictOf('query-token-refused', correct({ queryToken }));
    expect(result.status).toBe(status);
    if (message !== undefined) expect(result.message).toMatch(message);
  });
});

describe('servers the harness models', () => {
  it('a permissive server fails every token finding and the query one', () => {
    const accepted = http(200);
    const summary = evaluateAuthPosture(
      correct({
        tokens: {
          garbage: accepted,
          expired: accepted,
          alg_none: accepted,
          unknown_key: accepted,
          other_resource: accepted,
        },
        queryToken: { ...accepted, token: 'valid' },
      }),
    );
    expect(summary.ok).toBe(false);
    expect(summary.results.filter((r) => r.status === 'FAIL').map((r) => r.id)).toEqual([
      'garbage-token-refused',
      'expired-token-refused',
      'alg-none-token-refused',
      'unknown-key-token-refused',
      'other-resource-token-refused',
      'query-token-refused',
    ]);
  });

  it('an unreachable server fails, never skips', () => {
    const failed: AuthProbe = { kind: 'failed', message: 'ECONNREFUSED' };
    const summary = evaluateAuthPosture({
      serverUrl: URL_,
      noToken: failed,
      metadata: { kind: 'not_run', reason: 'no answer to read a challenge from' },
      tokens: { garbage: failed, expired: failed, alg_none: failed, unknown_key: failed, other_resource: failed },
      queryToken: failed,
    });
    expect(summary.counts).toEqual({ PASS: 0, FAIL: 10, WARN: 0, SKIPPED: 0 });
  });
});

describe('as run results and JUnit', () => {
  const summary = evaluateAuthPosture(
    correct({
      tokens: {
        ...correct().tokens,
        alg_none: http(200),
        other_resource: { kind: 'not_run', reason: 'no credentials' },
      },
      noToken: http(401, bearer({})),
      metadata: metadata(GOOD_METADATA, 200, 'well-known'),
    }),
  );

  it('names each result auth_posture <id>: FAIL with severity and spec link, WARN passes, SKIPPED skips', () => {
    const results = authPostureAssertionResults(summary);
    const byName = Object.fromEntries(results.map((r) => [r.name, r]));
    expect(byName['auth_posture alg-none-token-refused']).toMatchObject({
      status: 'FAIL',
      detail: expect.stringMatching(
        /^critical: accepted an alg: none JWT: HTTP 200 \[https:\/\/modelcontextprotocol\.io\/specification\/2026-07-28\/basic\/authorization#token-handling\]$/,
      ) as unknown,
      authPosture: { findingId: 'alg-none-token-refused', status: 'FAIL', severity: 'critical' },
    });
    expect(byName['auth_posture no-token-challenge']).toMatchObject({
      status: 'PASS',
      detail: expect.stringMatching(/^WARN: /) as unknown,
    });
    expect(byName['auth_posture other-resource-token-refused']).toMatchObject({
      status: 'SKIP',
      detail: 'no credentials',
    });
    expect(results).toHaveLength(AUTH_POSTURE_CATALOG.length);
  });

  it('writes JUnit with one failure and one skip', () => {
    const xml = formatAuthPostureJunit(summary, URL_);
    expect(xml).toContain('tests="10" failures="1" skipped="1"');
    expect(xml).toContain('<testcase classname="auth_posture.critical" name="alg-none-token-refused">');
    expect(xml).toContain('RFC 8725 §3.1');
  });
});
