// Connecting an OAuth-protected MCP server in the web app (issue 18, item 1), in a real browser against the production
// build and a real worker: a real authorization server (oidc-provider, test/oauth/authorization-server.ts, 4-second
// access tokens) and the harness's `correct` protected MCP server (the SDK's bearer-auth gate). A member registers the
// server, the page says it uses OAuth, Connect registers mcptest dynamically (APP_URL is plain http, so no Client ID
// Metadata Document) and sends the browser to the real login and consent pages; Allow brings it back Connected. A
// suite that calls tools then passes, and passes again after the access token expired, through the worker's refresh.
// Discovery after the access token expired passes too: the web app refreshes it as runs do (docs/oauth.md).
// Each `it` builds on the ones before.
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db';
import { useApiHarness } from '../http/api-harness';
import { startAuthorizationServer, type AuthorizationServer } from '../oauth/authorization-server';
import { startProtectedMcpServer, type ProtectedMcpServer } from '../oauth/protected-mcp-server';
import { useTestRedis } from '../redis';
import { runSuiteNow, waitForRunStatus } from './flows/runs';
import { registerServer } from './flows/servers';
import { fillSuiteForm, openNewSuite, saveSuite, typeYaml } from './flows/suites';
import {
  axeViolations,
  createOrganization,
  createProject,
  launchBrowser,
  newPage,
  screenshot,
  signInDev,
} from './harness';

const ACCESS_TOKEN_TTL_SECONDS = 4;

const database = useTestDatabase();
const redis = useTestRedis();
const harness = useApiHarness(database, redis, { MCPTEST_DEV_SIGNIN: '1' });
let as: AuthorizationServer;
let server: ProtectedMcpServer;
let browser: Browser;
let owner: Page;

const SUITE = `name: oauth smoke
timeout: 15s
assertions:
  - name: whoami
    assert: { tool: whoami, args: {}, expect: { not_error: true, contains: ['"subject"'] } }
  - name: sum
    assert: { tool: get-sum, args: { a: 2, b: 3 }, expect: { contains: ['is 5'] } }
`;

const state = {} as { org: string; projectId: string; serverId: string; suiteId: string };
const base = () => harness.web.url;
const serverPath = () => `/o/${state.org}/servers/${state.serverId}`;

beforeAll(async () => {
  as = await startAuthorizationServer({ host: '127.0.0.1', accessTokenTtlSeconds: ACCESS_TOKEN_TTL_SECONDS });
  server = await startProtectedMcpServer({ variant: 'correct', authorizationServer: as });
  browser = await launchBrowser();
  owner = await newPage(browser);
}, 120_000);
afterEach(async (context) => {
  if (context.task.result?.state === 'fail' && owner) {
    await screenshot(owner, `oauth-connect-failed-${context.task.name.slice(0, 40).replace(/\W+/g, '-')}`).catch(
      () => undefined,
    );
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await as?.stop();
});

async function connection() {
  const tenant = await database.db.global.tenant.findFirst({ where: { slug: state.org }, select: { id: true } });
  const row = await database.db.tenant(tenant!.id).serverAuthorization.findFirst({
    where: { serverId: state.serverId },
    select: { state: true, tokenVersion: true, refreshedAt: true, secretsEncrypted: true, issuer: true },
  });
  return row;
}

describe('connecting an OAuth-protected server', () => {
  it('registering the server: its page says it uses OAuth and offers Connect', async () => {
    await signInDev(owner, base(), 'oauth-owner@example.com');
    state.org = await createOrganization(owner, base(), 'OAuth Org');
    state.projectId = await createProject(owner, base(), state.org, 'Protected');
    state.serverId = await registerServer(owner, base(), state.org, state.projectId, {
      name: 'protected',
      url: server.url,
      transport: 'http',
    });
    const section = owner.getByRole('region', { name: 'Authorization' });
    await section.getByText('This server uses OAuth — Connect').waitFor();
    // The connection test says so too: a 401 with a Bearer challenge.
    await owner.getByRole('button', { name: 'Test connection', exact: true }).click();
    await owner
      .locator('.servers-outcome-bad')
      .getByText(/uses OAuth/)
      .first()
      .waitFor({ timeout: 60_000 });
    await screenshot(owner, 'oauth-01-detected');
    // The section, its forms opened, passes axe as every main page does.
    for (const summary of await section.locator('summary').all()) await summary.click();
    await owner.waitForLoadState('networkidle');
    expect(await axeViolations(owner)).toEqual([]);
  }, 600_000);

  it('Connect goes through the real login and consent pages and comes back Connected', async () => {
    const section = owner.getByRole('region', { name: 'Authorization' });
    const authorizationRequest = owner.waitForRequest((request) => request.url().startsWith(`${as.issuer}/`), {
      timeout: 60_000,
    });
    await section.getByRole('button', { name: 'Connect', exact: true }).click();
    // The authorization request: PKCE S256, the resource; the verifier stays server-side.
    const authorizationUrl = new URL((await authorizationRequest).url());
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('resource')).toBe(server.resource);
    expect(authorizationUrl.searchParams.get('code_verifier')).toBeNull();
    await owner.getByRole('heading', { name: 'Sign in' }).waitFor();
    await owner.getByLabel('Username').fill(as.user.username);
    await owner.getByLabel('Password').fill(as.user.password);
    await owner.getByRole('button', { name: 'Sign in' }).click();
    await owner.getByRole('heading', { name: 'Authorize access' }).waitFor();
    await owner.getByRole('button', { name: 'Allow' }).click();
    await owner.waitForURL((url) => url.pathname === serverPath(), { timeout: 60_000 });
    expect(new URL(owner.url()).search).toBe('?connect=done');

    const back = owner.getByRole('region', { name: 'Authorization' });
    await back
      .getByRole('status')
      .filter({ hasText: `Connected to ${as.issuer}` })
      .waitFor();
    expect(await back.locator('[data-authorization-state]').innerText()).toMatch(/^Connected/);
    const text = await back.innerText();
    expect(text).toContain(as.issuer);
    expect(text).toContain('dynamic client registration');
    expect(text).toContain('mcp:tools');
    const row = await connection();
    expect(row?.state).toBe('CONNECTED');
    await screenshot(owner, 'oauth-02-connected');
    expect(await axeViolations(owner)).toEqual([]);

    // Discovery now goes through with the connection's token, refreshed as a run refreshes it: wait the access token
    // out first, as a slow machine (or a user who connected an hour ago) would, so the stored token is dead by then.
    await new Promise((resolve) => setTimeout(resolve, (ACCESS_TOKEN_TTL_SECONDS + 1) * 1000));
    await owner.getByRole('button', { name: 'Discover tools', exact: true }).click();
    await owner
      .locator('.servers-outcome-ok')
      .getByText(/^✓ ?Discovered \d+ tools?/)
      .waitFor({ timeout: 60_000 });
    const refreshed = await connection();
    expect(refreshed?.state).toBe('CONNECTED');
    expect(refreshed!.tokenVersion).toBeGreaterThan(row!.tokenVersion);
  }, 180_000);

  it('a suite that calls tools passes; after the access token expired it passes again through refresh', async () => {
    await openNewSuite(owner, base(), state.org, state.projectId);
    await fillSuiteForm(owner, { name: 'oauth smoke', serverName: 'protected' });
    await typeYaml(owner, SUITE);
    state.suiteId = await saveSuite(owner);
    await runSuiteNow(owner, base(), state.org, state.suiteId);
    await waitForRunStatus(owner, 'passed', 120_000);
    const first = await connection();

    await new Promise((resolve) => setTimeout(resolve, (ACCESS_TOKEN_TTL_SECONDS + 2) * 1000));
    await runSuiteNow(owner, base(), state.org, state.suiteId);
    await waitForRunStatus(owner, 'passed', 120_000);
    const second = await connection();
    // The worker got new tokens and stored them sealed: a newer version, a refresh time, still connected.
    expect(second?.state).toBe('CONNECTED');
    expect(second!.tokenVersion).toBeGreaterThan(first!.tokenVersion);
    expect(second?.refreshedAt).not.toBeNull();
    await screenshot(owner, 'oauth-03-run-after-refresh');

    await owner.goto(`${base()}${serverPath()}`);
    expect(
      await owner.getByRole('region', { name: 'Authorization' }).locator('[data-authorization-state]').innerText(),
    ).toMatch(/^Connected/);
  }, 300_000);

  it('Disconnect removes the connection', async () => {
    const section = owner.getByRole('region', { name: 'Authorization' });
    await section.getByRole('button', { name: 'Disconnect', exact: true }).click();
    await section
      .getByRole('status')
      .filter({ hasText: /^Disconnected/ })
      .waitFor();
    expect(await connection()).toBeNull();
  }, 60_000);
});
