// A suite's `auth_posture:` block in the executor, over real HTTP: oidc-provider and the harness's permissive and
// correct servers behind bearer auth, through the SSRF-safe fetch and the run's request allowance. Credentials come
// from the run's environment through `${VAR}`.
import { AUTH_POSTURE_CATALOG, defaultExecPolicy, loadSuite, type LoadedSuite } from '@mcptest/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthorizationServer, type AuthorizationServer } from '../../../../test/oauth/authorization-server';
import { startProtectedMcpServer, type ProtectedMcpServer } from '../../../../test/oauth/protected-mcp-server';
import { createMemoryCallBudget } from '../budget/memory-call-budget';
import { createSafeFetch } from '../net/safe-fetch';
import { executeSuite, RUN_CANCELLED } from './execute-suite';
import type { ExecuteSuiteOptions } from './types';

function suiteOf(yaml: string): LoadedSuite {
  const loaded = loadSuite(yaml, 'posture.yaml');
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.errors, null, 2));
  return loaded.suite;
}

const SUITE = `
name: posture
timeout: 10s
auth_posture:
  revision: 2025-11-25
  other_resource_token_from:
    client_id: \${POSTURE_CLIENT_ID}
    client_secret: \${POSTURE_CLIENT_SECRET}
`;

let as: AuthorizationServer;
let permissive: ProtectedMcpServer;
let correct: ProtectedMcpServer;

beforeAll(async () => {
  as = await startAuthorizationServer({ staticClient: {} });
  permissive = await startProtectedMcpServer({ variant: 'permissive', authorizationServer: as });
  correct = await startProtectedMcpServer({ variant: 'correct', authorizationServer: as });
});

afterAll(async () => {
  await Promise.all([permissive.stop(), correct.stop()]);
  await as.stop();
});

function options(url: string, extra: Partial<ExecuteSuiteOptions> = {}): ExecuteSuiteOptions {
  return {
    serverOverride: { url, transport: 'http' },
    fetch: createSafeFetch({ allowPrivateNetworks: ['127.0.0.0/8', '::1/128'] }),
    allowStdio: false,
    policy: { ...defaultExecPolicy(), call_delay_ms: 0 },
    budget: createMemoryCallBudget(),
    env: { POSTURE_CLIENT_ID: as.staticClient?.clientId, POSTURE_CLIENT_SECRET: as.staticClient?.clientSecret },
    ...extra,
  };
}

describe('a suite auth_posture block', () => {
  it('flags the permissive server: one result per finding, named auth_posture <id>, no tool called', async () => {
    const run = await executeSuite(suiteOf(SUITE), options(permissive.url));
    expect(run.results.map((r) => r.name)).toEqual(AUTH_POSTURE_CATALOG.map((f) => `auth_posture ${f.id}`));
    const byName = Object.fromEntries(run.results.map((r) => [r.name, r]));
    expect(byName['auth_posture other-resource-token-refused']).toMatchObject({
      status: 'FAIL',
      detail: expect.stringMatching(/^high: accepted a token issued for another resource: HTTP 200/) as unknown,
      authPosture: { findingId: 'other-resource-token-refused', status: 'FAIL', severity: 'high' },
    });
    expect(byName['auth_posture no-token-401']?.status).toBe('PASS');
    expect(run.authPosture?.ok).toBe(false);
    expect(run.callsUsed).toBe(0);
    // Requests to the server and its AS all passed the run's request allowance.
    expect(run.requestsUsed).toBeGreaterThanOrEqual(7);
    expect(permissive.toolCalls()).toEqual([]);
  });

  it('passes the correct server', async () => {
    const run = await executeSuite(suiteOf(SUITE), options(correct.url));
    expect(run.results.filter((r) => r.status !== 'PASS').map((r) => [r.name, r.detail])).toEqual([]);
    expect(run.authPosture?.ok).toBe(true);
  });

  it('fails every finding when a credential variable is unset, saying which', async () => {
    const run = await executeSuite(suiteOf(SUITE), options(correct.url, { env: {} }));
    expect(run.results.every((r) => r.status === 'FAIL')).toBe(true);
    expect(run.results[0]?.detail).toMatch(/other_resource_token_from\.client_id/);
  });

  it('SKIPs every finding in a cancelled run', async () => {
    const controller = new AbortController();
    controller.abort();
    const run = await executeSuite(suiteOf(SUITE), options(correct.url, { signal: controller.signal }));
    expect(run.results.map((r) => [r.status, r.detail])).toEqual(
      AUTH_POSTURE_CATALOG.map(() => ['SKIP', RUN_CANCELLED]),
    );
  });
});
