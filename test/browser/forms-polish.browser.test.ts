// The forms and pages of a new user's first day, with the names a real organization ends up with (200 characters)
// and axe-core on every main page: no page scrolls sideways, every name is whole in a tooltip, axe finds nothing.
// Also the form details of issue 15's list 8: the empty-suite message, one label per transport, next runs in one
// zone, the rotated webhook secret in a full-width field, the progress bar's total, the server picker.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db';
import { useApiHarness } from '../http/api-harness';
import { startEverythingServer, type RunningServer } from '../mcp-servers';
import { useTestRedis } from '../redis';
import { waitForRunStatus } from './flows/runs';
import { discoverServer, registerServer } from './flows/servers';
import { createApiToken, createWebhook } from './flows/settings';
import { openNewSuite, saveSuite, setSchedule, typeYaml } from './flows/suites';
import { axeViolations, createOrganization, createProject, launchBrowser, screenshot, signInDev } from './harness';

const database = useTestDatabase();
const redis = useTestRedis();
const harness = useApiHarness(database, redis, { MCPTEST_DEV_SIGNIN: '1' });
let everything: RunningServer;
let browser: Browser;
let page: Page;
/** The viewer's zone (the browser's), deliberately not the schedule's. */
const VIEWER_ZONE = 'America/New_York';

/**
 * The longest names the forms take, without spaces (the worst case: nothing to wrap at), still saying what they name:
 * organizations, projects, servers and tokens take 100 characters, suites 200.
 */
const long = (what: string, length = 100) => `${what}-`.padEnd(length, 'x');
const names = {
  org: long('Organization'),
  project: long('Project'),
  server: long('Server'),
  suite: long('Suite', 200),
  token: long('Token'),
};

/** The rules issue 15 found (list 11); the test fails on any violation, and names these in the message first. */
const AXE_RULES_FOUND = ['scrollable-region-focusable', 'label-content-name-mismatch', 'region'];

/** In the page: widths that reveal sideways overflow. */
const overflow = () => {
  const d = (
    globalThis as unknown as {
      document: { documentElement: { scrollWidth: number } };
      innerWidth: number;
    }
  ).document;
  return {
    scrollWidth: d.documentElement.scrollWidth,
    innerWidth: (globalThis as unknown as { innerWidth: number }).innerWidth,
  };
};

/** Opens `path`, then checks no sideways scroll and no axe violation; returns problems as text (empty when clean). */
async function auditPage(path: string): Promise<string[]> {
  await page.goto(`${harness.web.url}${path}`);
  await page.locator('main').first().waitFor();
  // Hydrated: client components (editor, copy buttons) change the DOM axe sees.
  await page.waitForLoadState('networkidle');
  const problems: string[] = [];
  const { scrollWidth, innerWidth } = await page.evaluate(overflow);
  if (scrollWidth > innerWidth) problems.push(`${path}: scrolls sideways (${scrollWidth} > ${innerWidth})`);
  const violations = await axeViolations(page);
  violations.sort((a, b) => Number(!AXE_RULES_FOUND.includes(a.id)) - Number(!AXE_RULES_FOUND.includes(b.id)));
  for (const v of violations) problems.push(`${path}: axe ${v.id} (${v.impact}): ${v.help} ${JSON.stringify(v.nodes)}`);
  return problems;
}

beforeAll(async () => {
  [everything, browser] = await Promise.all([startEverythingServer('streamableHttp'), launchBrowser()]);
  // Playwright's own context (not the harness's newPage) to set the viewer's zone.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: VIEWER_ZONE });
  page = await context.newPage();
  page.setDefaultTimeout(60_000);
  page.setDefaultNavigationTimeout(90_000);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await everything?.stop();
});

const state = {} as {
  org: string;
  projectId: string;
  serverId: string;
  suiteId: string;
  runId: string;
  webhookId: string;
};
const base = () => harness.web.url;

describe('forms and pages with the longest names', () => {
  it('sets up an organization, project, two servers of one name, a suite, a token and a webhook', async () => {
    await signInDev(page, base(), 'long@example.com');
    state.org = await createOrganization(page, base(), names.org);
    state.projectId = await createProject(page, base(), state.org, names.project);
    // Registered first and never discovered: the suite form must not pick it for the user.
    await registerServer(page, base(), state.org, state.projectId, {
      name: names.server,
      url: 'http://127.0.0.1:9/staging/mcp',
    });
    state.serverId = await registerServer(page, base(), state.org, state.projectId, {
      name: names.server,
      url: everything.url,
      transport: 'http',
    });
    await discoverServer(page, base(), state.org, state.serverId);
    await createApiToken(page, base(), state.org, { name: names.token, scope: 'read' });
  }, 400_000);

  it('the suite form tells the two servers apart, preselects the discovered one and explains the name', async () => {
    await openNewSuite(page, base(), state.org, state.projectId);
    const select = page.getByLabel('Server', { exact: true });
    expect(await select.inputValue()).toBe(state.serverId);
    const labels = await select.locator('option').allInnerTexts();
    expect(labels).toHaveLength(2);
    expect(new Set(labels).size).toBe(2);
    expect(labels.join('\n')).toContain(new URL(everything.url).host);
    expect(labels.join('\n')).toContain('127.0.0.1:9/staging/mcp');
    // One name: the form's field is the suite's name, and the hint says what happens to a YAML `name:`.
    const hint = await page.locator('#suite-name-hint').innerText();
    expect(hint).toMatch(/name:/);
  }, 300_000);

  it('an empty suite gets a plain message, which goes away once the YAML is valid', async () => {
    await page.getByLabel('Suite name', { exact: true }).fill(names.suite);
    await typeYaml(page, '');
    await page.getByRole('button', { name: 'Create suite', exact: true }).click();
    const alert = page.locator('.suites-form [role="alert"]').first();
    await alert.waitFor();
    // Soft checks: the suite is still saved below, so the pages after this test have a suite to show.
    const shown = (await page.locator('.suites-form').innerText()).trim();
    expect.soft(shown).not.toMatch(/Too small|expected string/);
    expect.soft(shown).toMatch(/empty/i);
    await screenshot(page, 'forms-empty-suite');
    await typeYaml(
      page,
      'assertions:\n  - name: echo says hello\n    assert: { tool: echo, args: { message: hello }, expect: { contains: [hello] } }\n' +
        // Five seconds long, so a run stays live long enough for its page to show the progress bar.
        '  - name: takes a few seconds\n    assert: { tool: trigger-long-running-operation, args: { duration: 5, steps: 1 }, expect: { not_error: true } }\n',
    );
    await page.locator('.suites-problems-summary').filter({ hasText: 'No problems found.' }).waitFor();
    const cleared = await page
      .locator('.suites-form .form-error, .suites-form .field-error')
      .first()
      .waitFor({ state: 'detached', timeout: 15_000 })
      .then(
        () => true,
        () => false,
      );
    expect.soft(cleared, 'the refusal is gone once the YAML is valid').toBe(true);
    state.suiteId = await saveSuite(page);
  }, 300_000);

  it('shows next runs in the viewer’s zone, named, the same on the schedule page and the suite page', async () => {
    await setSchedule(page, base(), state.org, state.suiteId, { cron: '0 9 * * 1-5', timezone: 'Europe/Berlin' });
    await page.reload();
    // Hydrated: the server renders UTC (it cannot know the viewer's zone), the browser its own.
    const next = page.locator('.suites-schedule-next li').first();
    await next.filter({ hasText: VIEWER_ZONE }).waitFor();
    const onSchedule = (await next.innerText()).trim();
    await page.goto(`${base()}/o/${state.org}/suites/${state.suiteId}`);
    const first = page.locator('.runs-next li').first();
    await first.filter({ hasText: VIEWER_ZONE }).waitFor();
    expect((await first.innerText()).trim()).toBe(onSchedule);
    expect(onSchedule).toContain(VIEWER_ZONE);
    // The schedule's checkbox pauses the schedule only: the suite can still be run on demand.
    await page.goto(`${base()}/o/${state.org}/suites/${state.suiteId}/schedule`);
    const box = page.getByRole('checkbox', { name: /schedule/i });
    await box.uncheck();
    await page.getByRole('button', { name: 'Save schedule', exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^Schedule saved and paused/ })
      .waitFor();
    await page.goto(`${base()}/o/${state.org}/suites/${state.suiteId}`);
    await page.getByRole('button', { name: 'Run now', exact: true }).waitFor();
    expect(await page.locator('.runs-next li').count()).toBe(0);
    // The whole suite has its own switch on the overview: disabled, it offers no Run now and says how to turn it back.
    await page.getByRole('button', { name: 'Disable suite', exact: true }).click();
    await page.getByRole('button', { name: 'Enable suite', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Run now', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Enable suite', exact: true }).click();
    await page.getByRole('button', { name: 'Run now', exact: true }).waitFor();
  }, 300_000);

  it('names the transport the same way on the suite page as on the server page', async () => {
    await page.goto(`${base()}/o/${state.org}/servers/${state.serverId}`);
    expect(await page.locator('main').innerText()).toContain('Streamable HTTP');
    await page.goto(`${base()}/o/${state.org}/suites/${state.suiteId}`);
    const side = await page.getByRole('complementary', { name: 'About this suite' }).innerText();
    expect(side).toContain('Streamable HTTP');
    expect(side).not.toMatch(/Transport http\b/);
  }, 300_000);

  it('the live progress bar says how many of how many are done', async () => {
    await page.getByRole('button', { name: 'Run now', exact: true }).click();
    await page.waitForURL((url) => /\/runs\/[^/]+$/.test(url.pathname));
    state.runId = new URL(page.url()).pathname.split('/')[4]!;
    // Server-rendered while the run is queued or running (its second assertion takes five seconds): N of 2.
    const html = await (await page.request.get(page.url())).text();
    expect(html).toContain('role="progressbar"');
    expect(html).toContain('aria-valuemax="2"');
    await waitForRunStatus(page, 'passed', 90_000);
  }, 300_000);

  it('shows a rotated webhook secret whole, in a field as wide as its card', async () => {
    const webhook = await createWebhook(page, base(), state.org, {
      projectName: names.project,
      url: 'https://hooks.example.com/mcptest',
    });
    state.webhookId = webhook.webhookId;
    await page.goto(`${base()}/o/${state.org}/settings/webhooks/${webhook.webhookId}`);
    await page.getByRole('button', { name: 'Rotate secret', exact: true }).click();
    await page.getByRole('button', { name: 'Rotate secret', exact: true }).click();
    const field = page.getByRole('textbox', { name: 'Signing secret' });
    await field.waitFor();
    const width = await field.evaluate((el) => {
      const input = el as unknown as { clientWidth: number; scrollWidth: number };
      return { client: input.clientWidth, scroll: input.scrollWidth };
    });
    expect(width.client).toBeGreaterThanOrEqual(width.scroll);
    expect(width.client).toBeGreaterThan(300);
    await screenshot(page, 'forms-rotated-secret');
  }, 300_000);

  it('orders the token expiry options by duration', async () => {
    await page.goto(`${base()}/o/${state.org}/settings/tokens`);
    const values = await page
      .getByRole('form', { name: 'New API token' })
      .getByLabel('Expires')
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as unknown as { value: string }).value));
    expect(values).toEqual(['7', '30', '90', '365', '']);
  }, 120_000);

  it('no main page scrolls sideways, every long name has its tooltip, and axe finds nothing', async () => {
    const o = `/o/${state.org}`;
    const paths = [
      '/orgs',
      o,
      `${o}/projects/${state.projectId}`,
      `${o}/servers/${state.serverId}`,
      `${o}/servers/${state.serverId}/conformance`,
      `${o}/projects/${state.projectId}/suites/new`,
      `${o}/suites/${state.suiteId}`,
      `${o}/suites/${state.suiteId}/edit`,
      `${o}/suites/${state.suiteId}/schedule`,
      `${o}/suites/${state.suiteId}/versions`,
      `${o}/suites/${state.suiteId}/runs`,
      `${o}/runs`,
      `${o}/runs/${state.runId}`,
      `${o}/members`,
      `${o}/settings`,
      `${o}/settings/tokens`,
      `${o}/settings/webhooks`,
      `${o}/settings/webhooks/${state.webhookId}`,
      `${o}/settings/badges`,
    ];
    const problems: string[] = [];
    for (const path of paths) {
      problems.push(...(await auditPage(path)));
      // Wherever a long name is cut short (overflow hidden: an ellipsis), its whole text is in a tooltip; a name
      // spilling out of its box (overflow visible) is a problem too. Boxes that scroll (snippets) are what axe checks,
      // and visually hidden text (1 px wide, for screen readers) is not cut for anyone.
      const clipped = await page.evaluate(() => {
        type El = {
          scrollWidth: number;
          clientWidth: number;
          textContent: string | null;
          title: string;
          closest(s: string): El | null;
        };
        const g = globalThis as unknown as {
          document: { querySelectorAll(s: string): Iterable<El> };
          getComputedStyle(el: El): { overflowX: string; display: string };
        };
        return Array.from(g.document.querySelectorAll('main *, header *'))
          .filter((el) => el.clientWidth > 1 && el.scrollWidth > el.clientWidth + 1)
          .filter((el) => /x{20}/.test(el.textContent ?? ''))
          .filter((el) => !['auto', 'scroll'].includes(g.getComputedStyle(el).overflowX))
          .filter((el) => g.getComputedStyle(el).display !== 'inline')
          .filter((el) => !(el.title || el.closest('[title]')?.title))
          .map((el) => `${g.getComputedStyle(el).overflowX}: ${(el.textContent ?? '').slice(0, 40)}`);
      });
      for (const text of clipped) problems.push(`${path}: "${text}…" is cut without a title`);
    }
    await page.goto(`${base()}${o}/projects/${state.projectId}`);
    await screenshot(page, 'forms-long-names-project');
    expect(problems).toEqual([]);
  }, 900_000);
});
