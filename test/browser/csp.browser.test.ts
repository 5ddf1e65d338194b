// The app's Content-Security-Policy against the page that needs the most of it: the new-suite page hydrates, and its
// CodeMirror editor takes text and shows the live check's inline error, with the policy of next.config.ts in force and
// no CSP violation reported by the browser. One page only; the full walk-through is app.browser.test.ts.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db';
import { useApiHarness } from '../http/api-harness';
import { useTestRedis } from '../redis';
import { registerServer } from './flows/servers';
import { expectInlineError, openNewSuite, typeYaml } from './flows/suites';
import { createOrganization, createProject, launchBrowser, newPage, signInDev } from './harness';

const database = useTestDatabase();
const redis = useTestRedis();
const harness = useApiHarness(database, redis, { MCPTEST_DEV_SIGNIN: '1' });
let browser: Browser;
let page: Page;
/** Console messages and page errors: a blocked script, style or connection is reported here. */
const reported: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser);
  page.on('console', (message) => reported.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => reported.push(`pageerror: ${error.message}`));
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

describe('content security policy', () => {
  it('lets the suite editor hydrate and check YAML live, and reports no violation', async () => {
    const base = harness.web.url;
    const response = await page.goto(`${base}/signin`);
    const policy = (await response?.allHeaders())?.['content-security-policy'] ?? '';
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("script-src 'self'");

    try {
      await signInDev(page, base, 'csp@example.com');
      const org = await createOrganization(page, base, 'Policy');
      const projectId = await createProject(page, base, org, 'csp');
      // The new-suite page shows its editor once the project has a server (registration does not connect).
      await registerServer(page, base, org, projectId, { name: 'nowhere', url: 'http://127.0.0.1:9/mcp' });
      await openNewSuite(page, base, org, projectId);
      // Typing reaches the hidden form field only through the editor's JavaScript, and the inline error needs the
      // live check (a server action called from the client): both need a hydrated page.
      await typeYaml(page, 'assertions:\n  - name: a\n    asert: { tool: echo }\n');
      expect(await expectInlineError(page, { line: 3, text: /asert/ })).toMatch(/line 3/);
    } catch (error) {
      // What the browser said is the likeliest explanation (a blocked script shows up there).
      throw new Error(`${String(error)}\nbrowser console:\n${reported.join('\n')}`, { cause: error });
    }

    expect(reported.filter((line) => /content security policy|refused to/i.test(line))).toEqual([]);
  }, 400_000);
});
