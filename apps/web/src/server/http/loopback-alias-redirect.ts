import { isLoopbackUrl } from '@mcptest/core';

/**
 * Where a page request should go instead, when this machine's app (a loopback APP_URL, `npm start`) is opened under
 * another loopback name: http://127.0.0.1:3000 for http://localhost:3000. Sign-in is pinned to APP_URL (applyAuthUrl),
 * so the session cookie belongs to APP_URL's host; under the other name a person signed in and landed signed out. The
 * same page at APP_URL is the answer. Nothing else is redirected: a public APP_URL's deployment may sit behind a proxy
 * that sends its own Host (a redirect there could loop), and API clients keep whatever name they use.
 */
export function loopbackAliasRedirect(appUrl: string, requestUrl: URL, host: string | null): URL | undefined {
  if (!host || !isLoopbackUrl(appUrl)) return undefined;
  const app = new URL(appUrl);
  if (host.toLowerCase() === app.host.toLowerCase()) return undefined;
  if (!isLoopbackUrl(`http://${host}`)) return undefined;
  return new URL(`${requestUrl.pathname}${requestUrl.search}`, app);
}
