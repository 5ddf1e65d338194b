// Next's request proxy (formerly middleware): runs before page requests. Its one job: a page of this machine's app
// opened under another loopback name moves to APP_URL (server/http/loopback-alias-redirect.ts).
import { NextResponse, type NextRequest } from 'next/server';
import { env } from './env';
import { loopbackAliasRedirect } from './server/http/loopback-alias-redirect';

export function proxy(request: NextRequest): NextResponse {
  if (request.method === 'GET' || request.method === 'HEAD') {
    const e = env();
    const target = e.MCPTEST_TRUST_PROXY_HEADERS
      ? undefined
      : loopbackAliasRedirect(e.APP_URL, request.nextUrl, request.headers.get('host'));
    if (target) return NextResponse.redirect(target, 307);
  }
  return NextResponse.next();
}

// Pages only: API clients (tokens, the CLI, health probes), Next's assets and public files keep their host.
export const config = { matcher: ['/((?!api/|_next/|icon.svg|robots.txt).*)'] };
