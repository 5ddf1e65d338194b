// Browser tests: Debian chromium driven by playwright-core against the real web app (test/web-server.ts; and worker, when the test starts
// one). Helpers here are the steps every flow shares: launch, sign in with the development sign-in, screenshots, axe.
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Where browser tests save screenshots of the main pages (named in the README; kept as CI artifacts). */
export const SCREENSHOT_DIR = path.resolve('test-artifacts/screenshots');

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/** A fresh context (its own cookies: one signed-in person) and page, with generous timeouts (a busy machine, `next dev`). */
export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  // Under MCPTEST_TEST_NEXT_DEV=1 first visits compile the route (seconds each on 2 busy cores).
  page.setDefaultTimeout(60_000);
  page.setDefaultNavigationTimeout(90_000);
  return page;
}

/** Full-page screenshot under SCREENSHOT_DIR (`<name>.png`). */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Signs in with the development sign-in (MCPTEST_DEV_SIGNIN=1) as `email`; lands on /orgs. */
export async function signInDev(page: Page, baseUrl: string, email: string): Promise<void> {
  await page.goto(`${baseUrl}/signin?callbackUrl=/orgs`);
  await page.getByLabel('Email', { exact: true }).last().fill(email);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/orgs');
}

/** Creates an organization from /orgs and returns its slug (the page it lands on is /o/<slug>). */
export async function createOrganization(page: Page, baseUrl: string, name: string): Promise<string> {
  await page.goto(`${baseUrl}/orgs`);
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Create organization' }).click();
  await page.waitForURL((url) => /^\/o\/[^/]+$/.test(url.pathname));
  return new URL(page.url()).pathname.split('/')[2]!;
}

/** Creates a project on the organization's home page and returns its id (it lands on /o/<org>/projects/<id>). */
export async function createProject(page: Page, baseUrl: string, org: string, name: string): Promise<string> {
  await page.goto(`${baseUrl}/o/${org}`);
  await page.getByLabel('Project name').fill(name);
  await page.getByRole('button', { name: 'Create project' }).click();
  await page.waitForURL((url) => /\/projects\/[^/]+$/.test(url.pathname));
  return new URL(page.url()).pathname.split('/')[4]!;
}

/** axe-core's browser bundle, read once, on first use. */
let axeSource: Promise<string> | undefined;

export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string[]; html: string }[];
}

/** Runs axe-core (injected through the debugging protocol, which the page's CSP does not govern) on the open page. */
export async function axeViolations(p: Page): Promise<AxeViolation[]> {
  axeSource ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await p.evaluate(await axeSource);
  return p.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(o: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
    // label-content-name-mismatch is experimental in axe (off by default); issue 15 found it, so it is on here.
    const result = await axe.run({
      resultTypes: ['violations'],
      rules: { 'label-content-name-mismatch': { enabled: true } },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target, html: n.html.slice(0, 160) })),
    }));
  });
}
