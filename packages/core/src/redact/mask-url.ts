const MASK = '***';

/**
 * A URL as a reader without write access may see it: credentials (`user:pass@`), the query string and the fragment are
 * replaced by `***`, so `https://u:p@host/mcp?key=s#t` becomes `https://***@host/mcp?***#***`. Scheme, host, port and
 * path stay, because they say which server or endpoint it is. Keys in the path (`/hooks/<secret>`) are not recognised:
 * put them in headers. Text that is not a URL is masked whole rather than guessed at.
 */
export function maskUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return MASK;
  }
  // Opaque URLs (mailto:, data:) have no host to keep; everything after the scheme may be a secret.
  if (parsed.host === '' && !url.slice(parsed.protocol.length).startsWith('//')) return `${parsed.protocol}${MASK}`;
  const credentials = parsed.username !== '' || parsed.password !== '' ? `${MASK}@` : '';
  const query = parsed.search !== '' || /\?/.test(url.split('#')[0] ?? '') ? `?${MASK}` : '';
  const fragment = parsed.hash !== '' || url.includes('#') ? `#${MASK}` : '';
  // Nothing to hide: the URL as written (not re-serialised, so it reads the same as for a writer).
  if (credentials === '' && query === '' && fragment === '') return url;
  return `${parsed.protocol}//${credentials}${parsed.host}${parsed.pathname}${query}${fragment}`;
}

/**
 * True when both URLs have the same origin (scheme, host and port, with default ports and case normalised); false
 * when either is not a URL. Credentials stored for one origin must not follow a URL to another.
 */
export function isSameOrigin(a: string, b: string): boolean {
  try {
    const first = new URL(a);
    const second = new URL(b);
    // `origin` is "null" for opaque URLs: two of them are not known to be the same place.
    return first.origin !== 'null' && first.origin === second.origin;
  } catch {
    return false;
  }
}
