// Forms before hydration and forms sent twice, in a real browser against the running app. Without JavaScript (a page
// that never hydrates: the page opened at 127.0.0.1 under `next dev`) every form that carries a secret posts to
// its server action or cannot be sent: no field value may reach a URL (history, server log) and the server's output
// holds none of the secrets; and a create form sent twice creates one thing.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db';
import { useApiHarness } from '../http/api-harness';
import { useTestRedis } from '../redis';
import { createOrganization, createProject, launchBrowser, signInDev } from './harness';

const database = useTestDatabase();
const redis = useTestRedis();
// info: whatever the app logs about requests and actions is in the output the test searches.
const harness = useApiHarness(database, redis, { MCPTEST_DEV_SIGNIN: '1', LOG_LEVEL: 'info' });
let browser: Browser;
let noScript: BrowserContext;
let page: Page;
/** Every URL the no-JavaScript page requested or navigated to. */
const urls: string[] = [];

const HEADER_SECRET = 'hdr-secret-7c1e9a0b';
const EMAIL = 'nojs@example.com';

beforeAll(async () => {
  browser = await launchBrowser();
  noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  page = await noScript.newPage();
  page.setDefaultTimeout(60_000);
  page.on('request', (request) => urls.push(request.url()));
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

const base = () => harness.web.url;

/** No field value in any URL so far: no query string on a form's target, none of the typed values anywhere. */
function expectNoFieldInUrls(values: string[]): void {
  for (const url of urls) {
    for (const value of values) expect(url, `a URL carries "${value}"`).not.toContain(encodeURIComponent(value));
  }
}

describe('forms before hydration (JavaScript off)', () => {
  const state = {} as { org: string; projectId: string };

  it('signs in, creates an organization and a project by posting to their server actions', async () => {
    await signInDev(page, base(), EMAIL);
    state.org = await createOrganization(page, base(), 'No Script');
    state.projectId = await createProject(page, base(), state.org, 'plain');
    expectNoFieldInUrls([EMAIL, 'No Script', 'plain']);
    expect(urls.filter((url) => new URL(url).search.includes('email='))).toEqual([]);
  }, 300_000);

  it('registers a server with a header value, which reaches neither a URL nor the server log', async () => {
    await page.goto(`${base()}/o/${state.org}/projects/${state.projectId}/servers/new`);
    const form = page.getByRole('form', { name: 'Register a server' });
    expect(await form.getAttribute('method')).toBe('POST');
    await form.getByLabel('Name', { exact: true }).fill('pre-hydration');
    await form.getByLabel('URL', { exact: true }).fill('http://127.0.0.1:9/mcp?token=url-secret');
    // "Add a header" needs JavaScript; a row typed before the page stopped hydrating is what the user had.
    await form.evaluate((element, value) => {
      // This file is type-checked without the DOM library: the few members used, spelled out.
      const target = element as unknown as {
        ownerDocument: { createElement(tag: string): { name: string; value: string } };
        appendChild(node: unknown): void;
      };
      for (const [name, text] of [
        ['headerName', 'X-Api-Key'],
        ['headerValue', value],
      ]) {
        const input = target.ownerDocument.createElement('input');
        input.name = name!;
        input.value = text!;
        target.appendChild(input);
      }
    }, HEADER_SECRET);
    await form.getByRole('button', { name: 'Register server' }).click();
    await page.waitForURL((url) => /^\/o\/[^/]+\/servers\/[^/]+$/.test(url.pathname));
    // Stored: the server's page lists the header by name (values are write-only).
    await expect(page.getByText('X-Api-Key').first().isVisible()).resolves.toBe(true);
    expectNoFieldInUrls([HEADER_SECRET, 'url-secret', 'pre-hydration']);
    expect(harness.web.output()).not.toContain(HEADER_SECRET);
  }, 300_000);

  it('creates a webhook and a token, and shows their secrets once, in the page only', async () => {
    await page.goto(`${base()}/o/${state.org}/settings/webhooks`);
    const webhook = page.getByRole('form', { name: 'New webhook' });
    expect(await webhook.getAttribute('method')).toBe('POST');
    await webhook.getByLabel('Project').selectOption({ label: 'plain' });
    await webhook.getByLabel('Payload URL').fill('http://127.0.0.1:9/hook');
    await webhook.getByRole('button', { name: 'Create webhook' }).click();
    const secret = await page.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(secret.length).toBeGreaterThan(16);

    await page.goto(`${base()}/o/${state.org}/settings/tokens`);
    const tokenForm = page.getByRole('form', { name: 'New API token' });
    expect(await tokenForm.getAttribute('method')).toBe('POST');
    await tokenForm.getByLabel('Name').fill('ci token');
    await tokenForm.getByRole('button', { name: 'Create token' }).click();
    const token = await page.getByRole('textbox', { name: 'API token' }).inputValue();
    expect(token).toMatch(/^mcpt_/);

    expectNoFieldInUrls([secret, token, 'ci token', 'http://127.0.0.1:9/hook']);
    expect(harness.web.output()).not.toContain(secret);
    expect(harness.web.output()).not.toContain(token);
  }, 300_000);

  it('gives every form on these pages a POST to its action or no way to submit at all (never a native GET)', async () => {
    for (const path of [
      `/o/${state.org}`,
      `/o/${state.org}/projects/${state.projectId}`,
      `/o/${state.org}/projects/${state.projectId}/servers/new`,
      `/o/${state.org}/settings/webhooks`,
      `/o/${state.org}/settings/tokens`,
      `/o/${state.org}/members`,
    ]) {
      await page.goto(`${base()}${path}`);
      const forms = await page.locator('form').evaluateAll((elements) =>
        elements.map((element) => {
          const form = element as unknown as { getAttribute(name: string): string | null; className: string };
          return {
            label: form.getAttribute('aria-label') ?? form.getAttribute('aria-labelledby') ?? form.className,
            method: (form.getAttribute('method') ?? 'get').toLowerCase(),
            action: form.getAttribute('action') ?? '',
          };
        }),
      );
      // A GET form is a filter (its fields belong in the URL: run-filters); none of these pages has one.
      const leaking = forms.filter((form) => form.method !== 'post' && !form.action.startsWith('javascript:'));
      expect(leaking, path).toEqual([]);
    }
  }, 300_000);
});

describe('a create form sent twice', () => {
  it('creates one project when the page posts its form twice before hydrating', async () => {
    const slug = new URL(page.url()).pathname.split('/')[2] ?? '';
    await page.goto(`${base()}/o/${slug}`);
    await page.getByLabel('Project name').fill('only once');
    // What the browser posts for this form without JavaScript (React's action fields, the submission key, the
    // name), sent twice at once: a double click before hydration, without the browser's luck in cancelling one.
    const fields = await page.getByRole('button', { name: 'Create project' }).evaluate((button) => {
      type Form = { entries(): Iterable<[string, unknown]> };
      const form = (button as unknown as { form: unknown }).form;
      const data = new (globalThis as unknown as { FormData: new (form: unknown) => Form }).FormData(form);
      return [...data.entries()].map(([name, value]) => [name, String(value)] as const);
    });
    const cookie = (await noScript.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const post = () => {
      const body = new FormData();
      for (const [name, value] of fields) body.append(name, value);
      return fetch(`${base()}/o/${slug}`, { method: 'POST', body, headers: { cookie }, redirect: 'manual' });
    };
    const answers = await Promise.all([post(), post()]);
    expect(answers.map((a) => a.status)).toEqual([303, 303]);
    expect(answers[1]!.headers.get('location')).toBe(answers[0]!.headers.get('location'));
    const tenant = await database.db.global.tenant.findFirst({ where: { slug }, select: { id: true } });
    expect(await database.db.tenant(tenant!.id).project.count({ where: { name: 'only once' } })).toBe(1);
  }, 300_000);
});

describe('another loopback name', () => {
  it('moves a page opened at localhost to APP_URL (127.0.0.1 here), path kept, where sign-in works', async () => {
    const context = await browser.newContext();
    const other = await context.newPage();
    const port = new URL(base()).port;
    await other.goto(`http://localhost:${port}/signin?callbackUrl=/orgs`);
    await other.waitForURL((url) => url.hostname === '127.0.0.1' && url.pathname === '/signin');
    expect(new URL(other.url()).searchParams.get('callbackUrl')).toBe('/orgs');
    await signInDev(other, base(), 'alias@example.com');
    await context.close();
  }, 300_000);
});
