// The test AS's login and consent pages in a real browser (Debian chromium), as the connect-flow browser test will
// meet them: the fields found by their labels, the buttons by their names, the AS's cookies kept by the browser, and
// the final redirect to the client's redirect URI carrying the code and state.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, newPage } from '../browser/harness';
import { startAuthorizationServer, type AuthorizationServer } from './authorization-server';
import { authorizationRequest, discover } from './oauth-client';

// Nothing listens there: the browser's request for it is answered by the page's route below.
const REDIRECT = 'http://127.0.0.1:9/callback';

let as: AuthorizationServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  as = await startAuthorizationServer({ staticClient: { redirectUris: [REDIRECT] } });
  browser = await launchBrowser();
  page = await newPage(browser);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await as?.stop();
});

it('a person signs in and allows; the browser lands on the redirect URI with the code and state', async () => {
  const request = await authorizationRequest(
    await discover(as.issuer),
    { clientId: as.staticClient?.clientId ?? '', redirectUri: REDIRECT },
    { resource: 'http://127.0.0.1:9/mcp', scope: 'mcp:tools' },
  );
  let landed: URL | undefined;
  await page.route(`${REDIRECT}**`, async (route) => {
    landed = new URL(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/plain', body: 'callback' });
  });

  await page.goto(request.url.href);
  await expect(page.getByRole('heading', { name: 'Sign in' }).isVisible()).resolves.toBe(true);
  await page.getByLabel('Username').fill(as.user.username);
  await page.getByLabel('Password').fill('wrong');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').textContent()).resolves.toBe('Wrong username or password.');

  await page.getByLabel('Username').fill(as.user.username);
  await page.getByLabel('Password').fill(as.user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Authorize access' }).waitFor();
  await page.getByRole('button', { name: 'Allow' }).click();
  await page.waitForURL(`${REDIRECT}**`);

  expect(landed?.searchParams.get('state')).toBe(request.state);
  expect(landed?.searchParams.get('code')).toEqual(expect.any(String));
  expect(landed?.searchParams.get('iss')).toBe(as.issuer);
});
