/**
 * The host a request's limits are counted against: the URL's hostname, lowercased, with the brackets of an IPv6
 * literal and a trailing dot (`example.com.` is `example.com`) removed. The port is ignored: ports of one host are one
 * machine, and the point is not to flood a machine. Different names of one machine (`localhost` and `127.0.0.1`, two
 * DNS names of one address) count separately, because the key is taken before DNS resolution.
 *
 * Returns undefined for a URL that names no host (data:, blob:); such a request never reaches the network.
 * Throws a TypeError (as fetch would) for a string that is not an absolute URL.
 */
export function politenessHostKey(url: string | URL): string | undefined {
  const parsed = typeof url === 'string' ? new URL(url) : url;
  let host = parsed.hostname.toLowerCase();
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  if (host.endsWith('.')) host = host.slice(0, -1);
  return host === '' ? undefined : host;
}
