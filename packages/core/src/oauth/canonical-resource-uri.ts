/**
 * The canonical URI of an MCP server as a resource (RFC 8707 §2, the MCP spec's "Canonical Server URI"): the URL as
 * WHATWG parsing normalises it (scheme and host lower-cased, default port dropped, an empty path written `/`) and
 * without a fragment, which a resource indicator must not carry. The path is kept as written, query included: the
 * MCP server at `/mcp` is another resource than the one at `/`. Answers undefined for text that is no absolute
 * http(s) URL.
 */
export function canonicalResourceUri(serverUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(serverUrl);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  url.hash = '';
  return url.href;
}

/**
 * Whether two resource identifiers name the same resource: equal once both are canonical (RFC 9728 §3.3 asks the
 * metadata's `resource` to be identical to the URL the client used; the parser's normalisation only removes spelling
 * differences such as `HTTPS://Example.com:443` against `https://example.com`).
 */
export function sameResource(a: string, b: string): boolean {
  const left = canonicalResourceUri(a);
  return left !== undefined && left === canonicalResourceUri(b);
}
