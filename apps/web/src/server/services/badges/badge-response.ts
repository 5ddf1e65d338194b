import { parseBadgeRequest, type BadgeRequest } from './badge-request';
import type { BadgeResult } from './serve-cached-badge';

/** Browsers and README proxies (GitHub's camo) may reuse a badge this long; the Redis cache is fresher behind it. */
export const BADGE_MAX_AGE_SECONDS = 60;

const CONTENT_TYPES = { svg: 'image/svg+xml; charset=utf-8', json: 'application/json' } as const;

/** Headers every badge answer carries: open CORS (badges are public), short caching, no MIME sniffing. */
function commonHeaders(): Headers {
  return new Headers({
    'Cache-Control': `public, max-age=${BADGE_MAX_AGE_SECONDS}`,
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Expose-Headers': 'ETag',
    'X-Content-Type-Options': 'nosniff',
  });
}

/** RFC 9110 If-None-Match: `*`, or a list of entity tags compared weakly (a `W/` prefix does not matter). */
export function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (header === null) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/** The HTTP answer for a badge: 200 with the bytes, 304 when the client has them, or 404 with a "not found" badge. */
export function badgeResponse(request: Request, badge: BadgeResult): Response {
  const headers = commonHeaders();
  if (badge.status === 200) {
    headers.set('ETag', badge.etag);
    if (matchesIfNoneMatch(request.headers.get('if-none-match'), badge.etag)) {
      return new Response(null, { status: 304, headers });
    }
  }
  headers.set('Content-Type', CONTENT_TYPES[badge.format]);
  // An SVG opened directly is a document: allow nothing but its own inline styles.
  if (badge.format === 'svg') headers.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
  return new Response(badge.body, { status: badge.status, headers });
}

/** 400 (bad query) or 404 (no badge format in the path) in the API's error shape, with open CORS. */
export function badgeErrorResponse(
  status: 400 | 404,
  message: string,
  details?: { issues: { path: string; message: string }[] },
): Response {
  const headers = commonHeaders();
  headers.set('Cache-Control', 'no-store');
  headers.set('Content-Type', 'application/json');
  const code = status === 400 ? 'validation_failed' : 'not_found';
  return new Response(JSON.stringify({ error: { code, message, ...(details ? { details } : {}) } }), {
    status,
    headers,
  });
}

/** CORS preflight (a script that sends If-None-Match itself triggers one). */
export function badgeOptionsResponse(): Response {
  const headers = commonHeaders();
  headers.set('Cache-Control', 'public, max-age=86400');
  headers.set('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
  headers.set('Access-Control-Allow-Headers', 'If-None-Match');
  headers.set('Access-Control-Max-Age', '86400');
  return new Response(null, { status: 204, headers });
}

/**
 * The whole GET of a badge route (suite or project): parse the file name and query, find the badge with `find`, answer
 * with caching headers, ETag/304 and CORS. The two routes differ only in `find`.
 */
export async function serveBadgeRoute(
  request: Request,
  file: string,
  find: (request: BadgeRequest) => Promise<BadgeResult>,
): Promise<Response> {
  const parsed = parseBadgeRequest(file, new URL(request.url).searchParams);
  if (!parsed.ok) {
    return badgeErrorResponse(
      parsed.status,
      parsed.message,
      'issues' in parsed ? { issues: parsed.issues } : undefined,
    );
  }
  return badgeResponse(request, await find(parsed.request));
}
