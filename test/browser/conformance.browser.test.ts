// The Conformance tab and badge in a real browser (issue 17, item 3): a member registers a real modern-only MCP server
// (test/modern-server.ts, SDK v2), opens its Conformance tab (the empty state explains and offers the run), clicks
// Run conformance, watches the run finish on a real worker, then reads the verdict per check on the tab (status, spec
// link, evidence) and the conformance badge, whose public URL serves the tab's headline. Each `it` builds on the ones
// before.
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db';
import { useApiHarness } from '../http/api-harness';
import { startModernServer, type ModernServer } from '../modern-server';
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
let server: ModernServer;
let browser: Browser;
let owner: Page;

const state = {} as { org: string; serverId: string; runId: string; headline: string };
const base = () => harness.web.url;
const tabPath = () => `/o/${state.org}/servers/${state.serverId}/conformance`;

beforeAll(async () => {
  [server, browser] = await Promise.all([startModernServer(), launchBrowser()]);
  owner = await newPage(browser);
}, 120_000);
afterEach(async (context) => {
  if (context.task.result?.state === 'fail' && owner) {
    await screenshot(owner, `conformance-failed-${context.task.name.slice(0, 40).replace(/\W+/g, '-')}`).catch(
      () => undefined,
    );
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the Conformance tab and badge', () => {
  it("opens a new server's Conformance tab: the empty state explains the checks and offers Run conformance", async () => {
    await signInDev(owner, base(), 'conformance-owner@example.com');
    state.org = await createOrganization(owner, base(), 'Conformance Org');
    const projectId = await createProject(owner, base(), state.org, 'Spec');
    state.serverId = await registerServer(owner, base(), state.org, projectId, {
      name: 'modern fixture',
      url: server.url,
      transport: 'http',
    });
    await owner.getByRole('navigation', { name: 'Server' }).getByRole('link', { name: 'Conformance' }).click();
    await owner.waitForURL((url) => url.pathname === tabPath());
    const empty = owner.getByRole('region', { name: 'Check conformance to the MCP specification' });
    await empty.waitFor();
    expect(await empty.innerText()).toMatch(/calls only tools your policy classes read-only/);
    await empty.getByRole('button', { name: 'Run conformance', exact: true }).waitFor();
    await screenshot(owner, 'conformance-01-empty');
  }, 600_000);

  it('Run conformance queues a run of the new suite "Conformance 2026-07-28" and the worker finishes it', async () => {
    await owner.getByLabel('Revision').selectOption('2026-07-28');
    await owner.getByRole('button', { name: 'Run conformance', exact: true }).click();
    await owner.waitForURL((url) => new RegExp(`^/o/${state.org}/runs/[^/]+$`).test(url.pathname));
    state.runId = new URL(owner.url()).pathname.split('/')[4]!;
    await owner
      .getByRole('status')
      .filter({ hasText: /Run status:\s*(Passed|Failed)(?![A-Za-z])/ })
      .waitFor({ timeout: 180_000 });
    // The checks are the run's results, named after their ids.
    await owner.getByText('conformance tools-list', { exact: false }).first().waitFor();
    await screenshot(owner, 'conformance-02-run');
  }, 240_000);

  it('shows the verdict per check with its spec link and evidence, the tools called and the run', async () => {
    await owner.goto(`${base()}${tabPath()}`);
    const heading = owner.getByRole('heading', { level: 2, name: /^MCP 2026-07-28 · \d+\/\d+$/ });
    await heading.waitFor();
    state.headline = (await heading.innerText()).trim();
    const [passed, judged] = state.headline.split(' · ')[1]!.split('/').map(Number);
    expect(judged).toBeGreaterThan(0);
    expect(passed).toBeLessThanOrEqual(judged!);
    const report = owner.getByRole('region', { name: state.headline });
    await report.getByRole('link', { name: `Run #${state.runId.slice(-8)}` }).waitFor();
    expect(await report.innerText()).toMatch(/Negotiated protocol: 2026-07-28/);

    // tools-list passes against this server, with a link to its spec section.
    const toolsList = report.locator('tr[data-check="tools-list"]');
    await toolsList.locator('.pill', { hasText: 'Pass' }).waitFor();
    const spec = toolsList.getByRole('link', { name: /^Spec section/ });
    expect(await spec.getAttribute('href')).toMatch(/^https:\/\/modelcontextprotocol\.io\/specification\//);
    // Every check of the requirement set has a row with a status word.
    const rows = report.locator('tbody tr');
    expect(await rows.count()).toBeGreaterThan(3);
    for (const status of await rows.locator('.pill').allInnerTexts()) {
      expect(['Pass', 'Fail', 'Warning', 'Skipped', 'Expected failure']).toContain(status.trim());
    }
    // Evidence opens on demand.
    const evidence = report.locator('details', { hasText: 'Evidence' }).first();
    await evidence.locator('summary').click();
    await evidence.getByRole('group', { name: /^Evidence for / }).waitFor();
    // The filled tab, evidence open, passes axe as every main page does (forms-polish audits the empty tab).
    await owner.waitForLoadState('networkidle');
    expect(await axeViolations(owner)).toEqual([]);
    await screenshot(owner, 'conformance-03-tab');
  }, 120_000);

  it('gives the conformance badge, whose public URL draws the same headline', async () => {
    const badge = owner.getByRole('region', { name: 'Badge for MCP 2026-07-28 conformance' });
    const markdown = (
      await badge.locator('.snippet').filter({ hasText: 'Markdown' }).locator('code').innerText()
    ).trim();
    const svgUrl = /\]\((http[^)]+\.svg)\)\]/.exec(markdown)?.[1];
    expect(svgUrl).toMatch(new RegExp(`^${base()}/api/badges/c/[\\w-]{20,}\\.svg$`));
    // Public: no cookie, no token.
    const svg = await fetch(svgUrl!);
    expect(svg.status).toBe(200);
    expect(await svg.text()).toContain(`<title>mcptest: ${state.headline}</title>`);
    const json = (await (await fetch(svgUrl!.replace(/\.svg$/, '.json'))).json()) as { message: string; color: string };
    expect(json.message).toBe(state.headline);
    // Green exactly when the tab says conformant.
    const verdict = await owner.locator('.conformance-verdict').first().innerText();
    expect(json.color).toBe(verdict.includes('Not conformant') ? 'red' : 'brightgreen');
    // The preview image on the tab loads.
    const loaded = await badge
      .locator('.badge-preview img')
      .evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth > 0);
    expect(loaded).toBe(true);
  }, 120_000);
});
