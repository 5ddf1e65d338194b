/** Where sign-in goes when the asked-for destination is missing or refused. */
export const DEFAULT_CALLBACK_PATH = '/orgs';

const BASE = 'http://callback.invalid';

/**
 * The post-sign-in destination, if `value` is a same-origin path ("/o/acme/suites/x?tab=1"); otherwise undefined.
 * Browsers read "//host", "/\host" and "/<tab>/host" as another host, and "https://host" is one, so anything that does
 * not resolve to the same origin with the very same path is refused (an open redirect would let a link on our domain
 * send a freshly signed-in user to a look-alike site).
 */
export function safeCallbackPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return undefined;
  if (!value.startsWith('/') || value.startsWith('//')) return undefined;
  // Backslashes and control characters are normalised away by URL parsers: "/\evil.com" is "//evil.com".
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here.
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(value, BASE);
  } catch {
    return undefined;
  }
  if (parsed.origin !== BASE) return undefined;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}
