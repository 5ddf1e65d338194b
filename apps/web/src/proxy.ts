// Next's request proxy (formerly middleware): runs before page requests. Its one job: a page of this machine's app
// opened under another loopback name moves to APP_URL (server/http/loopback-alias-redirect.ts).
import { NextResponse, type NextRequest } from 'next/server';
import { env } from './env';
import { loopbackAliasRedirect } from './server/http/loopback-alias-redirect';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function proxy(request: NextRequest): NextResponse {
  if (request.method === 'GET' || request.method === 'HEAD') {
    const e = env();
    const target = e.MCPTEST_TRUST_PROXY_HEADERS
      ? undefined
      : loopbackAliasRedirect(e.APP_URL, request.nextUrl, request.headers.get('host'));
    if (target) {
      // Not a Location header: Next rewrites a redirect between loopback names on the same port into a relative one
      // (it treats 127.0.0.1, [::1] and localhost alike), which would send the browser back here forever. A page that
      // moves on by itself (meta refresh, no script needed) and says where and why.
      const href = escapeHtml(target.href);
      const origin = escapeHtml(target.origin);
      const body =
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${href}">` +
        `<title>mcptest is at ${origin}</title></head><body><p>This mcptest is served at <a href="${href}">${origin}` +
        `</a> (its APP_URL), where sign-in works. Continuing there…</p></body></html>`;
      return new NextResponse(body, {
        status: 200,
        headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
      });
    }
  }
  return NextResponse.next();
}

// Pages only: API clients (tokens, the CLI, health probes), Next's assets and public files keep their host.
export const config = { matcher: ['/((?!api/|_next/|icon.svg|robots.txt).*)'] };
