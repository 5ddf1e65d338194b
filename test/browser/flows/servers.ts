// Browser steps for the project page, server registration and discovery (H2's area), for the end-to-end test.
import type { Page } from 'playwright-core';
import { TRANSPORT_LABELS } from '../../../apps/web/src/components/servers/tool-labels';

/** What `registerServer` fills in; header values are write-only (typed, never shown again). */
export interface RegisterServerInput {
  name: string;
  url: string;
  transport?: 'auto' | 'http' | 'sse';
  headers?: Record<string, string>;
}

// The labels of the web app's one transport map (components/servers/tool-labels.ts).
const TRANSPORT_RADIO = TRANSPORT_LABELS;

/**
 * Registers a server from `/o/<org>/projects/<projectId>/servers/new` (the user must be MEMBER or higher) and returns
 * its id once the browser is on the server's page (`/o/<org>/servers/<id>`).
 */
export async function registerServer(
  page: Page,
  base: string,
  org: string,
  projectId: string,
  input: RegisterServerInput,
): Promise<string> {
  await page.goto(`${base}/o/${org}/projects/${projectId}/servers/new`);
  const form = page.getByRole('form', { name: 'Register a server' });
  await form.getByLabel('Name', { exact: true }).fill(input.name);
  await form.getByLabel('URL', { exact: true }).fill(input.url);
  await form.getByRole('radio', { name: TRANSPORT_RADIO[input.transport ?? 'auto'], exact: true }).check();
  let row = 0;
  for (const [name, value] of Object.entries(input.headers ?? {})) {
    row += 1;
    await form.getByRole('button', { name: 'Add a header' }).click();
    await form.getByLabel(`Header name ${row}`, { exact: true }).fill(name);
    await form.getByLabel(`Value ${row}`, { exact: true }).fill(value);
  }
  await form.getByRole('button', { name: 'Register server' }).click();
  await page.waitForURL((url) => /^\/o\/[^/]+\/servers\/[^/]+$/.test(url.pathname));
  return new URL(page.url()).pathname.split('/')[4]!;
}

/**
 * Opens the server's page, clicks "Discover tools" and waits for the outcome: returns the number of tools discovered
 * once the page lists them (one article per tool). Throws with the page's explanation when discovery fails.
 */
export async function discoverServer(
  page: Page,
  base: string,
  org: string,
  serverId: string,
): Promise<{ toolCount: number }> {
  const path = `/o/${org}/servers/${serverId}`;
  // A fresh load: the outcome region then holds only this discovery's outcome.
  await page.goto(`${base}${path}`);
  await page.getByRole('button', { name: 'Discover tools', exact: true }).click();
  const region = page.locator('.servers-outcome-region');
  const outcome = region.locator('.servers-outcome, .form-error').first();
  await outcome.waitFor({ timeout: 90_000 });
  const counted = region.locator('[data-tool-count]');
  if ((await counted.count()) === 0) throw new Error(`discovery failed: ${(await outcome.innerText()).trim()}`);
  const toolCount = Number(await counted.getAttribute('data-tool-count'));
  // The page re-renders from the stored discovery: wait until it lists that many tools.
  await page
    .getByRole('heading', { level: 2, name: new RegExp(`^Tools \\(${toolCount}\\)$`) })
    .waitFor({ timeout: 60_000 });
  return { toolCount };
}

const CLASS_LABELS: Record<string, string> = {
  ReadOnly: 'Read-only',
  ReadOnlyPresumed: 'Read-only (presumed)',
  Mutating: 'Mutating',
  Destructive: 'Destructive',
};

/**
 * Checks that the server page's discovery lists `toolName` with class `className`: the policy's name (`ReadOnly`,
 * `ReadOnlyPresumed`, `Mutating`, `Destructive`) or its label as shown (`Read-only`, `Destructive`...).
 */
export async function expectToolListed(page: Page, toolName: string, className: string): Promise<void> {
  const tool = page.getByRole('article', { name: toolName, exact: true });
  await tool.waitFor();
  const label = CLASS_LABELS[className] ?? className;
  const expected = Object.entries(CLASS_LABELS).find(([, l]) => l.toLowerCase() === label.toLowerCase())?.[0];
  const actual = await tool.getAttribute('data-tool-class');
  if (actual !== expected) {
    throw new Error(`tool ${toolName} is listed as ${actual ?? '(no class)'}, expected ${expected ?? className}`);
  }
  await tool
    .locator('.pill', { hasText: CLASS_LABELS[actual] ?? label })
    .first()
    .waitFor();
}
