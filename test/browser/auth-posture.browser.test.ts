// The Auth posture tab in a real browser (issue 18 item 4): a member registers a real OAuth-protected MCP server that
// accepts any token (test/oauth's `permissive` server, the SDK's bearer-auth middleware with the verification left
// out, behind test/oauth's oidc-provider authorization server), opens its Auth posture tab (the empty state explains
// and offers the check), clicks Run auth-posture check, watches the run finish on a real worker, then reads the
// failing token findings on the tab with their severity and spec links. The server counts the tools it runs: none.
// Each `it` builds on the ones before.
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db';
import { useApiHarness } from '../http/api-harness';
import { startAuthorizationServer, type AuthorizationServer } from '../oauth/authorization-server';
import { startProtectedMcpServer, type ProtectedMcpServer } from '../oauth/protected-mcp-server';
import { useTestRedis } from '../redis';
import { registerServer } from './flows/servers';
import {
  axeViolations,
  createOrganization,
  createProject,
  launchBrowser,
  newPage,
  screenshot,
  signInDev,
} from './harness';

const database = useTestDatabase();
const redis = useTestRedis();
const harness = useApiHarness(database, redis, { MCPTEST_DEV_SIGNIN: '1' });
let as: AuthorizationServer;
let server: ProtectedMcpServer;
let browser: Browser;
let owner: Page;

const state = {} as { org: string; serverId: string; runId: string };
const base = () => harness.web.url;
const tabPath = () => `/o/${state.org}/servers/${state.serverId}/auth-posture`;

beforeAll(async () => {
  as = await startAuthorizationServer();
  [server, browser] = await Promise.all([
    startProtectedMcpServer({ variant: 'permissive', authorizationServer: as, scopesSupported: as.scopes }),
    launchBrowser(),
  ]);
  owner = await newPage(browser);
}, 120_000);
afterEach(async (context) => {
  if (context.task.result?.state === 'fail' && owner) {
    await screenshot(owner, `auth-posture-failed-${context.task.name.slice(0, 40).replace(/\W+/g, '-')}`).catch(
      () => undefined,
    );
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await as?.stop();
});

const TOKEN_FINDINGS = [
  'garbage-token-refused',
  'expired-token-refused',
  'alg-none-token-refused',
  'unknown-key-token-refused',
  'query-token-refused',
];

describe('the Auth posture tab', () => {
  it("opens a new server's Auth posture tab: the empty state explains the check and offers to run it", async () => {
    await signInDev(owner, base(), 'posture-owner@example.com');
    state.org = await createOrganization(owner, base(), 'Posture Org');
    const projectId = await createProject(owner, base(), state.org, 'Gate');
    state.serverId = await registerServer(owner, base(), state.org, projectId, {
      name: 'permissive fixture',
      url: server.url,
      transport: 'http',
    });
    await owner.getByRole('navigation', { name: 'Server' }).getByRole('link', { name: 'Auth posture' }).click();
    await owner.waitForURL((url) => url.pathname === tabPath());
    const empty = owner.getByRole('region', {
      name: 'Check what an attacker finds at this server’s authorization gate',
    });
    await empty.waitFor();
    expect(await empty.innerText()).toMatch(/never calls a tool/);
    await empty.getByRole('button', { name: 'Run auth-posture check', exact: true }).waitFor();
    await screenshot(owner, 'auth-posture-01-empty');
  }, 600_000);

  it('Run auth-posture check queues a run of the new suite "Auth posture" and the worker finishes it', async () => {
    await owner.getByRole('button', { name: 'Run auth-posture check', exact: true }).click();
    await owner.waitForURL((url) => new RegExp(`^/o/${state.org}/runs/[^/]+$`).test(url.pathname));
    state.runId = new URL(owner.url()).pathname.split('/')[4]!;
    // The permissive server fails the token findings: the run fails.
    await owner
      .getByRole('status')
      .filter({ hasText: /Run status:\s*Failed(?![A-Za-z])/ })
      .waitFor({ timeout: 180_000 });
    await owner.getByText('auth_posture alg-none-token-refused', { exact: false }).first().waitFor();
    // The check never called a tool of the server.
    expect(server.toolCalls()).toEqual([]);
  }, 240_000);

  it('shows the failing token findings with severity, rationale and spec links, and the run', async () => {
    await owner.goto(`${base()}${tabPath()}`);
    const report = owner.getByRole('region', { name: '5 of 10 findings failed' });
    await report.waitFor();
    await report.getByRole('link', { name: `Run #${state.runId.slice(-8)}` }).waitFor();
    for (const id of TOKEN_FINDINGS) {
      const row = report.locator(`tr[data-finding="${id}"]`);
      await row.locator('.pill', { hasText: 'Fail' }).waitFor();
      expect(await row.locator('.auth-posture-severity').innerText()).toMatch(/critical|medium/i);
    }
    const algNone = report.locator('tr[data-finding="alg-none-token-refused"]');
    expect(await algNone.innerText()).toMatch(/accepted an alg: none JWT: HTTP 2\d\d/);
    expect(await algNone.innerText()).toMatch(/hands out every identity and scope/);
    const rfc = algNone.getByRole('link', { name: 'RFC 8725 §3.1 (Perform Algorithm Verification)' });
    expect(await rfc.getAttribute('href')).toBe('https://www.rfc-editor.org/rfc/rfc8725#section-3.1');
    // The gate itself is in place: no token gets 401 and the metadata names the server.
    for (const id of ['no-token-401', 'resource-metadata-names-server']) {
      await report.locator(`tr[data-finding="${id}"] .pill`, { hasText: 'Pass' }).waitFor();
    }
    // Without client credentials the other-resource finding is skipped, with the reason.
    await report.locator('tr[data-finding="other-resource-token-refused"] .pill', { hasText: 'Skipped' }).waitFor();
    await owner.waitForLoadState('networkidle');
    expect(await axeViolations(owner)).toEqual([]);
    await screenshot(owner, 'auth-posture-02-tab');
  }, 120_000);
});
