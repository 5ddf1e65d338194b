import { isIP } from 'node:net';
import { checkAddress } from './check-address';
import type { SsrfRule } from './ssrf-errors';

/** Outcome of checking a URL before any DNS: admitted (parsed) or refused with the rule and a message. */
export type UrlCheck = { ok: true; url: URL } | { ok: false; rule: SsrfRule; message: string };

/** The URL's host as an IP address, if it is one (WHATWG parsing has already normalised `0x7f.1` and friends). */
export function literalAddress(url: URL): string | undefined {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return isIP(host) ? host : undefined;
}

/** `localhost` and `*.localhost` are loopback by definition (RFC 6761), so they are judged without asking DNS. */
function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/**
 * Checks everything about `url` that needs no DNS: the scheme (http: and https: only), no credentials in the URL, and
 * a literal IP host (or `localhost`) against {@link checkAddress}. Any port is allowed: MCP servers listen anywhere,
 * and the address rules, not the port, keep requests off internal networks. Names are checked at connection time.
 */
export function checkOutboundUrl(url: URL, allowlist: readonly string[]): UrlCheck {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ok: false, rule: 'scheme', message: `${url.protocol} URLs are not allowed (only http: and https:)` };
  if (url.username || url.password)
    return {
      ok: false,
      rule: 'invalid_url',
      message: `${url.host}: credentials in the URL are not allowed (use headers)`,
    };
  const literal = literalAddress(url);
  const addresses = literal ? [literal] : isLocalhostName(url.hostname) ? ['127.0.0.1', '::1'] : [];
  for (const address of addresses) {
    const check = checkAddress(address, allowlist);
    if (!check.ok) {
      const message = literal ? check.message : `${url.hostname} is loopback: ${check.message}`;
      return { ok: false, rule: check.rule, message };
    }
  }
  return { ok: true, url };
}

/**
 * Registration-time check of a user-supplied server or webhook URL (DESIGN.md "Private networks": a refused URL gets
 * a 400 naming the rule where the host is a literal address). Names pass here and are checked again, after DNS, on
 * every connection. Never throws for bad input.
 */
export function checkUrlForRegistration(url: string | URL, allowlist: readonly string[]): UrlCheck {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, rule: 'invalid_url', message: `${JSON.stringify(String(url))} is not a valid URL` };
  }
  return checkOutboundUrl(parsed, allowlist);
}
