// Links and CI help in a real browser (issue 15, items 4 and 6): a signed-out deep link comes back to its page after
// sign-in (and a hostile callback does not leave the site), the suite page's CI snippet and trigger URL (called as
// GitHub would), Re-run, trend points that open their run, Save and run, a webhook's Send test event (received and
// verified), and the public status page the badge links to, opened signed out. One harness: next dev and a worker on
// this file's database and Redis prefix, a real server-everything under test. Each `it` builds on the ones before.
import { createHmac } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildCiSnippets } from '../../packages/core/src/links/ci-snippets';
import { useTestDatabase } from '../db';
import { useApiHarness } from '../http/api-harness';
import { startEverythingServer, type RunningServer } from '../mcp-servers';
import { useTestRedis } from '../redis';
import { startWebhookReceiver, verifyWith, type WebhookReceiver } from '../webhook-receiver';
import { seedSuite, waitFor } from '../worker';
import { waitForRunStatus } from './flows/runs';
import { createWebhook } from './flows/settings';
import { openSuiteEditor, typeYaml } from './flows/suites';
import { launchBrowser, newPage, screenshot } from './harness';

const database = useTestDatabase();
const redis = useTestRedis();
const harness = useApiHarness(database, redis, { MCPTEST_DEV_SIGNIN: '1' });
let everything: RunningServer;
let receiver: WebhookReceiver;
let browser: Browser;
let owner: Page;

const OWNER_EMAIL = 'links-owner@example.com';
const SUITE = `name: echo suite
assertions:
  - name: echo says hello
    assert: { tool: echo, args: { message: hello }, expect: { contains: [hello] } }
`;

const state = {} as { org: string; suiteId: string; suiteName: string; projectName: string; runIds: string[] };
const base = () => harness.web.url;
const runIdOf = (page: Page) => new URL(page.url()).pathname.split('/')[4]!;
const runPath = (org: string) => new RegExp(`^/o/${org}/runs/[^/]+$`);

beforeAll(async () => {
  [everything, receiver, browser] = await Promise.all([
    startEverythingServer('streamableHttp'),
    startWebhookReceiver(),
    launchBrowser(),
  ]);
  // The organization, server and suite are seeded as the API would make them; the dev sign-in with the owner's email
  // reaches the same user, so the browser starts where a returning user would.
  const seeded = await seedSuite(database.db, {
    tenantName: 'Links Org Private',
    serverUrl: everything.url,
    yaml: SUITE,
  });
  const db = database.db.global;
  const tenant = await db.tenant.findUniqueOrThrow({ where: { id: seeded.tenantId }, select: { slug: true } });
  const owner = await db.user.create({ data: { email: OWNER_EMAIL }, select: { id: true } });
  await database.db
    .tenant(seeded.tenantId)
    .membership.create({ data: { tenantId: seeded.tenantId, userId: owner.id, role: 'OWNER' } });
  const project = await database.db
    .tenant(seeded.tenantId)
    .project.findFirstOrThrow({ where: { id: seeded.projectId }, select: { name: true } });
  const suite = await database.db
    .tenant(seeded.tenantId)
    .suite.findFirstOrThrow({ where: { id: seeded.suiteId }, select: { name: true } });
  Object.assign(state, {
    org: tenant.slug,
    suiteId: seeded.suiteId,
    suiteName: suite.name,
    projectName: project.name,
    runIds: [],
  });
}, 120_000);
// A failed step leaves a picture of where the owner's page was (test-artifacts/screenshots, kept by CI).
afterEach(async (context) => {
  if (context.task.result?.state === 'fail' && owner) {
    await screenshot(owner, `links-failed-${context.task.name.slice(0, 40).replace(/\W+/g, '-')}`).catch(
      () => undefined,
    );
  }
});
afterAll(async () => {
  await browser?.close();
  await everything?.stop();
  await receiver?.close();
});

/** On /signin: signs in with the development form and its callback as the page (or the test) left it. */
async function submitDevSignIn(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).last().fill(email);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe('links and CI help', () => {
  it('a signed-out deep link signs in and lands back on the suite page; hostile callbacks stay on the site', async () => {
    owner = await newPage(browser);
    const suitePath = `/o/${state.org}/suites/${state.suiteId}`;
    await owner.goto(`${base()}${suitePath}`);
    await owner.waitForURL((url) => url.pathname === '/signin');
    expect(new URL(owner.url()).searchParams.get('callbackUrl')).toBe(suitePath);
    await submitDevSignIn(owner, OWNER_EMAIL);
    await owner.waitForURL((url) => url.pathname === suitePath);
    await owner.getByRole('heading', { name: 'Run it from CI' }).waitFor();

    // The sign-in page drops a callback that leaves the origin (it never echoes it into the form)...
    const visitor = await newPage(browser);
    for (const hostile of ['//evil.example', 'https://evil.example/', '/\\evil.example']) {
      await visitor.goto(`${base()}/signin?callbackUrl=${encodeURIComponent(hostile)}`);
      expect(await visitor.locator('input[name="callbackUrl"]').last().inputValue()).toBe('/orgs');
    }
    // ...and the sign-in action refuses one put into the form by hand: the visitor stays on this origin.
    await visitor
      .locator('input[name="callbackUrl"]')
      .last()
      .evaluate((input) => {
        (input as unknown as { value: string }).value = '/\\evil.example';
      });
    await submitDevSignIn(visitor, 'links-visitor@example.com');
    await visitor.waitForURL((url) => url.origin === base() && url.pathname === '/');
    await visitor.context().close();
  }, 400_000);

  it('shows the CI snippet with --api, the suite id and MCPTEST_TOKEN', async () => {
    const expected = buildCiSnippets({ appUrl: base(), suiteId: state.suiteId });
    const section = owner.getByRole('region', { name: 'Run it from CI' });
    const shell = (await section.getByLabel('Shell', { exact: true }).innerText()).trim();
    expect(shell).toBe(expected.shell);
    expect(shell).toBe(`MCPTEST_TOKEN=<your token> npx --yes @mcptest/cli ci --api ${base()} --suite ${state.suiteId}`);
    const workflow = await section.getByLabel(/^GitHub Actions/).innerText();
    expect(workflow.trim()).toBe(expected.githubActions.trim());
    expect(workflow).toContain('MCPTEST_TOKEN: ${{ secrets.MCPTEST_TOKEN }}');
    // The empty state's hint carries --api too.
    expect(await owner.getByRole('region', { name: 'Recent runs' }).innerText()).toContain(`--api ${base()}`);
    await screenshot(owner, 'links-01-ci-help');
  }, 120_000);

  it('makes a trigger URL with a GitHub secret, shown once with the steps, that answers a signed ping', async () => {
    const section = owner.getByRole('region', { name: 'Run it from CI' });
    await section.getByRole('button', { name: 'Make a trigger URL' }).click();
    const url = await owner.getByRole('textbox', { name: 'Trigger URL' }).inputValue();
    const secret = await owner.getByRole('textbox', { name: 'Secret' }).inputValue();
    expect(url).toMatch(new RegExp(`^${base()}/api/v1/triggers/mcptr_[\\w-]{43}$`));
    expect(secret.length).toBeGreaterThanOrEqual(40);
    await owner.getByText('application/json', { exact: true }).waitFor();
    await screenshot(owner, 'links-02-trigger-url');
    const body = JSON.stringify({ zen: 'Keep it logically awesome.', hook_id: 1 });
    const send = (signature: string) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-github-event': 'ping', 'x-hub-signature-256': signature },
        body,
      });
    const signed = await send(`sha256=${createHmac('sha256', secret).update(body).digest('hex')}`);
    expect(signed.status).toBe(200);
    expect(await signed.json()).toEqual({ ignored: true, reason: 'pong' });
    const forged = await send(`sha256=${createHmac('sha256', 'not-the-secret').update(body).digest('hex')}`);
    expect(forged.status).toBe(401);
    // Shown once: a reload shows that one exists, not the URL.
    await owner.reload();
    await owner.getByRole('button', { name: 'Replace the trigger URL' }).waitFor();
    expect(await owner.getByRole('textbox', { name: 'Trigger URL' }).count()).toBe(0);
  }, 120_000);

  it('runs the suite, then Re-run on the run page queues a new run of it and opens it', async () => {
    await owner.getByRole('button', { name: 'Run now', exact: true }).click();
    await owner.waitForURL((url) => runPath(state.org).test(url.pathname));
    state.runIds.push(runIdOf(owner));
    await waitForRunStatus(owner, 'passed', 90_000);
    await owner.getByRole('button', { name: 'Re-run', exact: true }).click();
    await owner.waitForURL((url) => runPath(state.org).test(url.pathname) && !url.pathname.endsWith(state.runIds[0]!));
    state.runIds.push(runIdOf(owner));
    await waitForRunStatus(owner, 'passed', 90_000);
    await owner.locator('.runs-facts').getByText('Manual', { exact: true }).waitFor();
    await screenshot(owner, 'links-03-rerun');
  }, 300_000);

  it('trend chart points are links named for their run, and open it', async () => {
    await owner.goto(`${base()}/o/${state.org}/suites/${state.suiteId}`);
    const figure = owner.getByRole('figure', { name: 'Trend' });
    await figure.locator('svg').first().waitFor();
    const points = figure.locator('svg').getByRole('link', { name: /^Run [\w-]+, passed, 100% passed, finished / });
    await points.first().waitFor();
    expect(await points.count()).toBe(2);
    await points.last().click();
    await owner.waitForURL((url) => runPath(state.org).test(url.pathname));
    expect(state.runIds).toContain(runIdOf(owner));
  }, 120_000);

  it('Save and run saves a new version, queues a run of it and opens it', async () => {
    await openSuiteEditor(owner, base(), state.org, state.suiteId);
    await typeYaml(owner, SUITE.replace('echo says hello', 'echo says hello again'));
    await owner.getByRole('button', { name: 'Save and run', exact: true }).click();
    await owner.waitForURL((url) => runPath(state.org).test(url.pathname) && !state.runIds.includes(runIdOf(owner)));
    state.runIds.push(runIdOf(owner));
    await waitForRunStatus(owner, 'passed', 90_000);
    await owner.getByText('version 2').waitFor();
    await owner.getByText('echo says hello again').first().waitFor();
  }, 300_000);

  it("Send test event delivers a signed webhook.test the receiver verifies, and it is in the webhook's log", async () => {
    const { webhookId, secret } = await createWebhook(owner, base(), state.org, {
      projectName: state.projectName,
      url: `${receiver.url}/test-event`,
      events: ['run.regressed'],
    });
    await owner.goto(`${base()}/o/${state.org}/settings/webhooks/${webhookId}`);
    await owner.getByRole('button', { name: 'Send test event' }).click();
    await owner
      .getByRole('status')
      .filter({ hasText: /^Test event queued/ })
      .waitFor();
    const request = await waitFor('the test delivery', async () => receiver.on('/test-event')[0], 60_000);
    const verified = verifyWith(secret, request);
    expect(verified).toMatchObject({ ok: true, body: { type: 'webhook.test', data: { webhook: { id: webhookId } } } });
    await owner.reload();
    await owner.getByRole('cell', { name: 'webhook.test' }).waitFor();
    await screenshot(owner, 'links-04-webhook-test');
  }, 180_000);

  it('the badge links to the public status page, which anyone sees without signing in and shows nothing private', async () => {
    await owner.goto(`${base()}/o/${state.org}/suites/${state.suiteId}`);
    const badge = owner.getByRole('region', { name: /^Badge for / });
    const markdown = (
      await badge.locator('.snippet').filter({ hasText: 'Markdown' }).locator('code').innerText()
    ).trim();
    const statusUrl = /\]\((http[^)]+)\)$/.exec(markdown)?.[1];
    expect(statusUrl).toMatch(new RegExp(`^${base()}/status/[\\w-]{20,}$`));
    // Or a URL the user chooses.
    await badge.getByLabel('Badge links to').selectOption({ label: 'Another URL…' });
    await badge.getByLabel('Your URL').fill('https://github.com/acme/server#tests');
    await badge
      .locator('.snippet')
      .filter({ hasText: 'Markdown' })
      .getByText(/\(https:\/\/github\.com\/acme\/server#tests\)$/)
      .waitFor();

    const anonymous = await newPage(browser);
    const response = await anonymous.goto(statusUrl!);
    expect(response?.status()).toBe(200);
    await anonymous.getByRole('heading', { level: 1, name: state.suiteName }).waitFor();
    const text = await anonymous.locator('main').innerText();
    expect(text).toMatch(/Passed/);
    expect(text).toMatch(/1 of 1 passed/);
    const html = await anonymous.content();
    for (const secret of [
      everything.url,
      state.suiteId,
      state.org,
      ...state.runIds,
      'echo says hello',
      'Links Org Private',
    ]) {
      expect(html, secret).not.toContain(secret);
    }
    await screenshot(anonymous, 'links-05-public-status');
    // A suite id is not a badge key: the 404 page, as for any unknown key.
    const missing = await anonymous.goto(`${base()}/status/${state.suiteId}`);
    expect(missing?.status()).toBe(404);
    await anonymous.context().close();
  }, 180_000);
});
