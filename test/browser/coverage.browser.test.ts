// The server page's Coverage tab in a real browser (issue 19, item 1): a member registers the real server-everything,
// opens the tab before a discovery (it says to discover), discovers, and reads the table: every discovered tool, each
// with its risk phase, none covered yet (no suite), the mutating ones named as not covered.
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db';
import { useApiHarness } from '../http/api-harness';
import { startEverythingServer, type RunningServer } from '../mcp-servers';
import { useTestRedis } from '../redis';
import { discoverServer, registerServer } from './flows/servers';
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
let server: RunningServer;
let browser: Browser;
let owner: Page;

const state = {} as { org: string; serverId: string };
const base = () => harness.web.url;
const tabPath = () => `/o/${state.org}/servers/${state.serverId}/coverage`;

beforeAll(async () => {
  [server, browser] = await Promise.all([startEverythingServer(), launchBrowser()]);
  owner = await newPage(browser);
}, 120_000);
afterEach(async (context) => {
  if (context.task.result?.state === 'fail' && owner) {
    await screenshot(owner, `coverage-failed-${context.task.name.slice(0, 40).replace(/\W+/g, '-')}`).catch(
      () => undefined,
    );
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the Coverage tab', () => {
  it('before a discovery, says to discover the server', async () => {
    await signInDev(owner, base(), 'coverage-owner@example.com');
    state.org = await createOrganization(owner, base(), 'Coverage Org');
    const projectId = await createProject(owner, base(), state.org, 'Everything');
    state.serverId = await registerServer(owner, base(), state.org, projectId, {
      name: 'everything',
      url: server.url,
      transport: 'http',
    });
    await owner.getByRole('navigation', { name: 'Server' }).getByRole('link', { name: 'Coverage' }).click();
    await owner.waitForURL((url) => url.pathname === tabPath());
    await owner.getByRole('region', { name: 'Discover the server to see its coverage' }).waitFor();
  }, 600_000);

  it('after a discovery, lists every tool with its phase', async () => {
    const { toolCount } = await discoverServer(owner, base(), state.org, state.serverId);
    await owner.goto(`${base()}${tabPath()}`);
    const table = owner.getByRole('table', { name: 'Coverage of everything' });
    await table.waitFor();
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBe(toolCount);
    const phases = await Promise.all(
      Array.from({ length: toolCount }, (_, i) => rows.nth(i).getAttribute('data-phase')),
    );
    for (const phase of phases) expect(['setup', 'read-only', 'low', 'medium', 'high']).toContain(phase);
    // Phase order: read-only first, the mutating tools after.
    expect(await rows.first().getAttribute('data-phase')).toBe('read-only');
    await table.getByRole('row', { name: /echo/ }).getByText('Read-only', { exact: true }).waitFor();
    await table
      .getByRole('row', { name: /toggle-simulated-logging/ })
      .getByText('Medium (write)')
      .waitFor();
    expect(await owner.locator('.coverage-summary').innerText()).toMatch(
      new RegExp(`0 of ${toolCount} tools covered \\(0%\\).*mutating or destructive not covered`),
    );
    expect(await axeViolations(owner)).toEqual([]);
    await screenshot(owner, 'coverage-01-tab');
  }, 180_000);
});
