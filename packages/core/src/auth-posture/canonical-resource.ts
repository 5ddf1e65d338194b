/**
 * How the `resource` a protected-resource metadata document names compares with the server's URL. RFC 9728 §3.3: a
 * client MUST NOT use metadata whose `resource` is not identical to the resource it asked about; the MCP spec's
 * canonical server URI is that URL with scheme and host lower-cased and no fragment, and accepts it with or without a
 * trailing slash (it recommends without). So: the same after URL normalization is `same`, a difference of one
 * trailing slash is `slash` (clients differ on it), anything else `different`.
 */
export function compareResource(named: string, serverUrl: string): 'same' | 'slash' | 'different' | 'invalid' {
  const canonical = (value: string): string | undefined => {
    if (!URL.canParse(value)) return undefined;
    const url = new URL(value);
    url.hash = '';
    return url.href;
  };
  const a = canonical(named);
  const b = canonical(serverUrl);
  if (a === undefined || b === undefined) return 'invalid';
  if (a === b) return 'same';
  const trim = (href: string) => (href.endsWith('/') ? href.slice(0, -1) : href);
  return trim(a) === trim(b) ? 'slash' : 'different';
}
