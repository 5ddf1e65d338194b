// The auth-posture check against the real parts of test/oauth: oidc-provider as the authorization server and three
// MCP servers behind the SDK's bearer auth (correct, permissive, wrong-resource), over real HTTP on loopback through
// the SSRF-safe fetch. The correct server passes; the permissive one is flagged for every token it lets through; the
// wrong-resource one for its metadata. No tool is ever called: the servers count the tools they run.
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthorizationServer, type AuthorizationServer } from '../../../../test/oauth/authorization-server';
import {
  startProtectedMcpServer,
  type ProtectedMcpServer,
  type ProtectedServerVariant,
} from '../../../../test/oauth/protected-mcp-server';
import { createSafeFetch } from '../net/safe-fetch';
import { runAuthPosture, type AuthPostureReport } from './run-auth-posture';

const safeFetch = createSafeFetch({ allowPrivateNetworks: ['127.0.0.0/8', '::1/128'] }) as typeof globalThis.fetch;

let as: AuthorizationServer;
const servers = {} as Record<ProtectedServerVariant, ProtectedMcpServer>;

beforeAll(async () => {
  as = await startAuthorizationServer({ staticClient: {} });
  for (const variant of ['correct', 'permissive', 'wrong-resource'] as const) {
    servers[variant] = await startProtectedMcpServer({ variant, authorizationServer: as, scopesSupported: as.scopes });
  }
});

afterAll(async () => {
  await Promise.all(Object.values(servers).map((server) => server.stop()));
  await as.stop();
});

function statuses(report: AuthPostureReport): Record<string, string> {
  return Object.fromEntries(report.results.map((r) => [r.id, r.status]));
}

function credentials() {
  const client = as.staticClient;
  if (client === undefined) throw new Error('the AS has no static client');
  return { clientId: client.clientId, clientSecret: client.clientSecret };
}

/** Every JSON-RPC method the check sent is the session's first request: no tools/call, not even tools/list. */
function expectNoToolCall(report: AuthPostureReport, server: ProtectedMcpServer, method: string) {
  expect(report.methodsSent.length).toBeGreaterThan(0);
  expect(new Set(report.methodsSent)).toEqual(new Set([method]));
  expect(server.toolCalls()).toEqual([]);
}

describe.each(['2026-07-28', '2025-11-25'] as const)('revision %s', (revision) => {
  const method = revision === '2026-07-28' ? 'server/discover' : 'initialize';

  it('passes the correct server on every finding, with credentials', async () => {
    const server = servers.correct;
    const report = await runAuthPosture({ url: server.url, revision, fetch: safeFetch, credentials: credentials() });
    expect(report.results.filter((r) => r.status !== 'PASS').map((r) => [r.id, r.status, r.message])).toEqual([]);
    expect(report.ok).toBe(true);
    // The query-string case sent a valid token: its refusal is conclusive, so no caveat.
    expect(report.results.find((r) => r.id === 'query-token-refused')?.message).toBeUndefined();
    expectNoToolCall(report, server, method);
  });

  it('flags every token the permissive server lets through, and the query-string token', async () => {
    const server = servers.permissive;
    const report = await runAuthPosture({ url: server.url, revision, fetch: safeFetch, credentials: credentials() });
    expect(statuses(report)).toEqual({
      'no-token-401': 'PASS',
      'no-token-challenge': 'PASS',
      'resource-metadata-valid': 'PASS',
      'resource-metadata-names-server': 'PASS',
      'garbage-token-refused': 'FAIL',
      'expired-token-refused': 'FAIL',
      'alg-none-token-refused': 'FAIL',
      'unknown-key-token-refused': 'FAIL',
      'other-resource-token-refused': 'FAIL',
      'query-token-refused': 'FAIL',
    });
    expect(report.results.find((r) => r.id === 'alg-none-token-refused')?.message).toMatch(
      /^accepted an alg: none JWT: HTTP 200/,
    );
    expect(report.ok).toBe(false);
    // It accepts any token, so a tools/call would have run: none did.
    expectNoToolCall(report, server, method);
  });

  it('flags the wrong-resource server for its metadata; the other-resource token is SKIPPED with the reason', async () => {
    const server = servers['wrong-resource'];
    const report = await runAuthPosture({ url: server.url, revision, fetch: safeFetch, credentials: credentials() });
    const byId = Object.fromEntries(report.results.map((r) => [r.id, r]));
    expect(byId['resource-metadata-names-server']).toMatchObject({
      status: 'FAIL',
      message: expect.stringContaining(
        `names http://mcp.internal.invalid/mcp, not this server (${server.url})`,
      ) as unknown,
    });
    // mcptest's OAuth client refuses that metadata too, so no token could be had for the audience check.
    expect(byId['other-resource-token-refused']).toMatchObject({
      status: 'SKIPPED',
      message: expect.stringMatching(
        /no token could be obtained: .*names the resource http:\/\/mcp\.internal\.invalid\/mcp/,
      ) as unknown,
    });
    for (const id of [
      'garbage-token-refused',
      'expired-token-refused',
      'alg-none-token-refused',
      'unknown-key-token-refused',
    ]) {
      expect(byId[id]?.status).toBe('PASS');
    }
    expectNoToolCall(report, server, method);
  });
});

it('without credentials, SKIPs the other-resource token with the reason and says the query case is inconclusive', async () => {
  const report = await runAuthPosture({ url: servers.correct.url, fetch: safeFetch });
  const byId = Object.fromEntries(report.results.map((r) => [r.id, r]));
  expect(byId['other-resource-token-refused']).toMatchObject({
    status: 'SKIPPED',
    message: expect.stringMatching(
      /no client credentials were given \(other_resource_token_from in a suite, --client-id with the CLI\)/,
    ) as unknown,
  });
  expect(byId['query-token-refused']).toMatchObject({
    status: 'PASS',
    message: expect.stringMatching(/not valid/) as unknown,
  });
  expect(report.ok).toBe(true);
});

it('drops an Authorization header the user gave: each probe says its own', async () => {
  const { access_token } = await as.clientCredentialsToken({ resource: servers.permissive.resource });
  const report = await runAuthPosture({
    url: servers.correct.url,
    headers: { authorization: `Bearer ${access_token}` },
    fetch: safeFetch,
  });
  expect(report.results.find((r) => r.id === 'no-token-401')?.status).toBe('PASS');
});

describe('metadata that points inward', () => {
  let gate: http.Server;
  let url: string;
  beforeAll(async () => {
    // A server whose 401 sends clients to the cloud metadata address for its resource metadata.
    gate = http.createServer((_req, res) => {
      res.writeHead(401, {
        'www-authenticate': 'Bearer error="invalid_token", resource_metadata="http://169.254.169.254/latest/meta-data"',
      });
      res.end();
    });
    await new Promise<void>((resolve) => gate.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(gate.address() as AddressInfo).port}/mcp`;
  });
  afterAll(() => new Promise<void>((resolve) => gate.close(() => resolve())));

  it('is refused by the safe fetch and named in the finding', async () => {
    const report = await runAuthPosture({ url, fetch: safeFetch, credentials: credentials() });
    const byId = Object.fromEntries(report.results.map((r) => [r.id, r]));
    expect(byId['resource-metadata-valid']).toMatchObject({
      status: 'FAIL',
      message: expect.stringMatching(/http:\/\/169\.254\.169\.254\/latest\/meta-data.*169\.254\.169\.254/) as unknown,
    });
    expect(byId['other-resource-token-refused']?.status).toBe('SKIPPED');
  });
});

it('an unreachable server fails every finding', async () => {
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  const report = await runAuthPosture({ url: `http://127.0.0.1:${port}/mcp`, fetch: safeFetch, timeoutMs: 2000 });
  expect(report.counts.FAIL).toBe(report.results.length);
  // Asked once: a server that does not answer is not sent six more requests.
  expect(report.methodsSent).toEqual(['server/discover']);
  expect(report.results[0]?.message).toMatch(/no answer/);
});

it('a cancelled check sends nothing more and SKIPs what it did not send', async () => {
  const controller = new AbortController();
  controller.abort();
  const report = await runAuthPosture({ url: servers.correct.url, fetch: safeFetch, signal: controller.signal });
  expect(report.methodsSent).toEqual([]);
  expect(report.counts.SKIPPED).toBe(report.results.length);
});
