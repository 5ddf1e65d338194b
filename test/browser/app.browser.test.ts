// The web app in a real browser (Debian chromium via playwright-core) against a running mcptest: next dev and a worker
// on this file's database and Redis prefix, and a real server-everything under test. Each `it` builds on the ones
// before (tests in a file run in order). Screenshots of the main pages go to test-artifacts/screenshots (README).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db';
import { useApiHarness } from '../http/api-harness';
import { freePort, startEverythingServer, type RunningServer } from '../mcp-servers';
import { useTestRedis } from '../redis';
import { startWebhookReceiver, type WebhookReceiver } from '../webhook-receiver';
import { waitFor } from '../worker';
import { acceptInvitation, changeRole, inviteMember } from './flows/members';
import { downloadJunit, expectTrendChart, runSuiteNow, waitForRunStatus } from './flows/runs';
import { discoverServer, expectToolListed, registerServer } from './flows/servers';
import { createApiToken, createWebhook, openWebhookDeliveries, readBadgeSnippet } from './flows/settings';
import {
  expectInlineError,
  fillSuiteForm,
  formYaml,
  openNewSuite,
  openSuiteEditor,
  saveSuite,
  setSchedule,
  typeYaml,
} from './flows/suites';
import { createOrganization, createProject, launchBrowser, newPage, screenshot, signInDev } from './harness';

const database = useTestDatabase();
const redis = useTestRedis();
const harness = useApiHarness(database, redis, { MCPTEST_DEV_SIGNIN: '1' });
let everything: RunningServer;
let receiver: WebhookReceiver;
let browser: Browser;
let owner: Page;

beforeAll(async () => {
  [everything, receiver, browser] = await Promise.all([
    startEverythingServer('streamableHttp'),
    startWebhookReceiver(),
    launchBrowser(),
  ]);
  owner = await newPage(browser);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await everything?.stop();
  await receiver?.close();
});

// A first suite typed with a mistake (an unknown key on line 4), then fixed.
const BROKEN_SUITE = `name: everything smoke
assertions:
  - name: echo says hello
    asert: { tool: echo, args: { message: hello }, expect: { contains: [hello] } }
`;
const SUITE = `name: everything smoke
assertions:
  - name: echo says hello
    assert: { tool: echo, args: { message: hello }, expect: { contains: [hello] } }
  - name: adds numbers
    assert: { tool: get-sum, args: { a: 2, b: 3 }, expect: { contains: ['5'] } }
`;

const state = {} as {
  org: string;
  projectId: string;
  serverId: string;
  suiteId: string;
  runId: string;
  token: string;
};
const base = () => harness.web.url;

describe('a new user, from sign-in to a passing run and a badge', () => {
  it('signs in with the development sign-in and creates an organization and a project', async () => {
    await signInDev(owner, base(), 'owner@example.com');
    await screenshot(owner, '01-organizations');
    state.org = await createOrganization(owner, base(), 'Acme');
    await owner.getByRole('heading', { name: 'Start with a project' }).waitFor();
    await screenshot(owner, '02-projects-empty');
    state.projectId = await createProject(owner, base(), state.org, 'weather');
    await screenshot(owner, '03-project-empty');
  }, 300_000);

  it('registers server-everything and discovers its tools', async () => {
    state.serverId = await registerServer(owner, base(), state.org, state.projectId, {
      name: 'everything',
      url: everything.url,
    });
    const { toolCount } = await discoverServer(owner, base(), state.org, state.serverId);
    expect(toolCount).toBeGreaterThan(5);
    await expectToolListed(owner, 'echo', 'ReadOnly');
    await screenshot(owner, '04-server-discovery');
  }, 300_000);

  it('types a suite in the editor, sees the inline error, fixes it and saves', async () => {
    await openNewSuite(owner, base(), state.org, state.projectId);
    await fillSuiteForm(owner, { name: 'smoke', serverName: 'everything' });
    await typeYaml(owner, BROKEN_SUITE);
    const problem = await expectInlineError(owner, { line: 4, text: /asert/ });
    expect(problem).toMatch(/line 4/);
    await screenshot(owner, '05-editor-inline-error');
    await typeYaml(owner, SUITE);
    state.suiteId = await saveSuite(owner);
    const words = await setSchedule(owner, base(), state.org, state.suiteId, {
      cron: '0 9 * * 1-5',
      timezone: 'Europe/Berlin',
    });
    expect(words).toMatch(/09:00/);
    await screenshot(owner, '06-schedule');
  }, 300_000);

  it('runs the suite and watches it pass live, then sees the trend chart', async () => {
    state.runId = await runSuiteNow(owner, base(), state.org, state.suiteId);
    await waitForRunStatus(owner, 'passed', 90_000);
    await screenshot(owner, '07-run-passed');
    const junit = await downloadJunit(owner);
    expect(junit).toContain('<testsuite');
    expect(junit).toContain('echo says hello');
    // A second run gives the trend chart two points.
    await runSuiteNow(owner, base(), state.org, state.suiteId);
    await waitForRunStatus(owner, 'passed', 90_000);
    const summary = await expectTrendChart(owner, base(), state.org, state.suiteId);
    expect(summary).toMatch(/100%/);
    await screenshot(owner, '08-suite-overview-trend');
  }, 300_000);

  it('creates an API token that works, a webhook that receives the next run, and reads a badge snippet', async () => {
    const token = await createApiToken(owner, base(), state.org, { name: 'ci', scope: 'run' });
    expect(token).toMatch(/^mcpt_/);
    state.token = token;
    const projects = await harness.api(token, 'GET', '/projects');
    expect(projects.status).toBe(200);
    await screenshot(owner, '09-token-created');

    const webhook = await createWebhook(owner, base(), state.org, { projectName: 'weather', url: receiver.url });
    expect(webhook.secret).toMatch(/^whsec_/);
    await runSuiteNow(owner, base(), state.org, state.suiteId);
    await waitForRunStatus(owner, 'passed', 90_000);
    await waitFor('the webhook delivery', async () => (receiver.requests.length > 0 ? true : undefined), 30_000);
    const deliveries = await waitFor(
      'the delivery log to show it',
      async () => {
        const rows = await openWebhookDeliveries(owner, base(), state.org, webhook.webhookId);
        return rows.length > 0 ? rows : undefined;
      },
      30_000,
    );
    expect(deliveries[0]!.status).toMatch(/delivered|200/i);
    await screenshot(owner, '10-webhook-deliveries');

    const markdown = await readBadgeSnippet(owner, base(), state.org);
    const svgUrl = /\((https?:[^)]+)\)\]/.exec(markdown)?.[1];
    expect(svgUrl).toBeDefined();
    const badge = await fetch(svgUrl!);
    expect(badge.status).toBe(200);
    expect(await badge.text()).toContain('<svg');
    await screenshot(owner, '11-badges');
  }, 300_000);

  it('is told loopback is allowed here, and a server nobody listens on ends the run in error with the reason', async () => {
    // Development on loopback allows loopback: the form says so, with an example that is not mcptest's own port.
    await owner.goto(`${base()}/o/${state.org}/projects/${state.projectId}/servers/new`);
    const form = owner.getByRole('form', { name: 'Register a server' });
    const hint = (await form.locator('#server-url-hint').textContent()) ?? '';
    expect(hint).toContain('This deployment reaches public addresses and this machine (localhost, 127.0.0.1)');
    expect(await owner.locator('main').textContent()).not.toMatch(/must be public|:3000/);

    const closed = await freePort();
    await registerServer(owner, base(), state.org, state.projectId, {
      name: 'nowhere',
      url: `http://127.0.0.1:${closed}/mcp`,
      transport: 'http',
    });
    await openNewSuite(owner, base(), state.org, state.projectId);
    await fillSuiteForm(owner, { name: 'outage', serverName: 'nowhere' });
    await typeYaml(owner, SUITE);
    const suiteId = await saveSuite(owner);
    await runSuiteNow(owner, base(), state.org, suiteId);
    // Not "failed": nothing could be tested. The page says why, as an alert.
    await waitForRunStatus(owner, 'error', 90_000);
    const alert = (await owner.getByRole('alert').filter({ hasText: 'could not be tested' }).textContent()) ?? '';
    expect(alert).toContain(`could not connect to http://127.0.0.1:${closed}/mcp: connection refused`);
    await screenshot(owner, '12-run-error');
  }, 300_000);
});

describe('roles and organizations', () => {
  it('refuses a server action replayed from another origin (CSRF), and accepts the same request from this one', async () => {
    const runCount = async () => {
      const response = await harness.api(state.token, 'GET', `/runs?suiteId=${state.suiteId}&limit=100`);
      return ((await response.json()) as { items: unknown[] }).items.length;
    };
    await owner.goto(`${base()}/o/${state.org}/suites/${state.suiteId}`);
    const [action] = await Promise.all([
      owner.waitForRequest((r) => r.method() === 'POST' && r.headers()['next-action'] !== undefined),
      owner.getByRole('button', { name: 'Run now', exact: true }).click(),
    ]);
    await owner.waitForURL((url) => url.pathname.startsWith(`/o/${state.org}/runs/`));
    const before = await runCount();
    const original = action.postData() ?? '';
    // The same form sent anew (its button's next submission key): the replay of the very same submission is answered
    // with its first outcome and starts nothing (server/ui/run-once.ts).
    const anew = original.replace(/(submissionKey"\r\n\r\n)[0-9a-f]{32}/, `$1${'0'.repeat(32)}`);
    expect(anew).not.toBe(original);
    const replay = (origin: string, data: string) =>
      owner.request.post(action.url(), { headers: { ...action.headers(), origin }, data, maxRedirects: 0 });
    const forged = await replay('http://evil.example', anew);
    expect(forged.status()).toBeGreaterThanOrEqual(400);
    expect(await runCount()).toBe(before);
    await replay(new URL(base()).origin, original);
    expect(await runCount()).toBe(before);
    await replay(new URL(base()).origin, anew);
    expect(await runCount()).toBe(before + 1);
  }, 300_000);

  it('a member demoted to VIEWER is refused by the server, then sees no Run or Save controls', async () => {
    const acceptUrl = await inviteMember(owner, base(), state.org, 'member@example.com', 'MEMBER');
    await screenshot(owner, '12-members');
    const member = await newPage(browser);
    await signInDev(member, base(), 'member@example.com');
    expect(await acceptInvitation(member, acceptUrl)).toBe(state.org);
    await member.goto(`${base()}/o/${state.org}/suites/${state.suiteId}`);
    const runNow = member.getByRole('button', { name: 'Run now', exact: true });
    await runNow.waitFor();

    // Demoted while the page is open: the button is still there, the server action must refuse.
    await changeRole(owner, base(), state.org, 'member@example.com', 'VIEWER');
    await runNow.click();
    await member
      .getByRole('alert')
      .filter({ hasText: /MEMBER role/ })
      .waitFor();

    await member.reload();
    await member
      .getByRole('heading', { name: /Trend|Recent runs|Latest run/ })
      .first()
      .waitFor();
    expect(await runNow.count()).toBe(0);
    await member.goto(`${base()}/o/${state.org}/suites/${state.suiteId}/edit`);
    await member.locator('.cm-content').first().waitFor();
    expect(await member.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    const tokens = await member.goto(`${base()}/o/${state.org}/settings/tokens`);
    expect(tokens?.status()).toBe(403);
    await member.close();
  }, 300_000);

  it('a member of another organization gets not-found for this one’s pages and run stream', async () => {
    const outsider = await newPage(browser);
    await signInDev(outsider, base(), 'outsider@example.com');
    const theirs = await createOrganization(outsider, base(), 'Other Co');
    for (const path of [
      `/o/${state.org}`,
      `/o/${state.org}/suites/${state.suiteId}`,
      `/o/${theirs}/suites/${state.suiteId}`,
      `/o/${theirs}/servers/${state.serverId}`,
      `/o/${theirs}/runs/${state.runId}`,
      `/o/${theirs}/projects/${state.projectId}`,
    ]) {
      const response = await outsider.goto(`${base()}${path}`);
      expect(response?.status(), path).toBe(404);
      await outsider.getByRole('heading', { name: 'Not found' }).waitFor();
    }
    for (const path of [`/o/${state.org}/runs/${state.runId}/events`, `/o/${theirs}/runs/${state.runId}/junit.xml`]) {
      const response = await outsider.request.get(`${base()}${path}`);
      expect(response.status(), path).toBe(404);
    }
    await outsider.close();
  }, 300_000);

  it('two editors of one suite: the later save is refused with the current version and keeps its text', async () => {
    const other = await owner.context().newPage();
    await openSuiteEditor(owner, base(), state.org, state.suiteId);
    await openSuiteEditor(other, base(), state.org, state.suiteId);
    await typeYaml(owner, `${SUITE}# saved first\n`);
    await saveSuite(owner);
    const saved = (
      await owner
        .getByRole('status')
        .filter({ hasText: /^Saved/ })
        .innerText()
    ).trim();
    const version = /version (\d+)/.exec(saved)?.[1];
    expect(version, saved).toBeDefined();

    const mine = `${SUITE}# saved second, on the old version\n`;
    await typeYaml(other, mine);
    await other.getByRole('button', { name: 'Save', exact: true }).click();
    await other
      .getByRole('alert')
      .filter({ hasText: new RegExp(`saved by someone else.*now at version ${version}`) })
      .waitFor();
    expect(await formYaml(other)).toBe(mine);

    // After a reload the editor holds the first save, and saving on it works.
    await other.reload();
    await yamlEditorReady(other);
    expect(await formYaml(other)).toBe(`${SUITE}# saved first\n`);
    await typeYaml(other, mine);
    await saveSuite(other);
    await other.close();
  }, 300_000);
});

async function yamlEditorReady(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Editor' }).waitFor();
  await page.locator('.cm-content').first().waitFor();
}
