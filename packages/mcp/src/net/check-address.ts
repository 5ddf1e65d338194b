import ipaddr from 'ipaddr.js';
import type { SsrfRule } from './ssrf-errors';

type IP = ipaddr.IPv4 | ipaddr.IPv6;
type Cidr = [IP, number];

/**
 * Outcome of checking one address: admitted (with its canonical form) or refused with the rule, a message naming the
 * address ("10.0.0.1 is a private address (...)", for operators and for addresses the user wrote) and the same reason
 * without the address ("a private address (...)", for telling a tenant why a name they gave was refused without
 * revealing what it resolves to).
 */
export type AddressCheck =
  { ok: true; address: string } | { ok: false; rule: SsrfRule; message: string; reason: string };

/** The allowlist's name in messages: the only way to widen it is this variable (DESIGN.md "Private networks"). */
const ALLOWLIST_NAME = 'MCPTEST_ALLOW_PRIVATE_NETWORKS';

/**
 * Cloud metadata and platform endpoints. Never reachable, even when the allowlist covers them: they hand out instance
 * credentials. Most sit in link-local space (refused anyway); the ones listed here are those that do not, or whose
 * message should name them as metadata.
 */
const METADATA_CIDRS: readonly Cidr[] = [
  '169.254.169.254/32', // AWS, GCP, Azure, OCI, DigitalOcean, OpenStack, Hetzner
  '169.254.170.2/32', // AWS ECS task metadata
  '169.254.170.23/32', // AWS EKS pod identity agent
  '100.100.100.200/32', // Alibaba Cloud (carrier-grade NAT space, so an allowlist of 100.64.0.0/10 would cover it)
  '168.63.129.16/32', // Azure WireServer (a public address, reachable only from inside Azure)
  '192.0.0.192/32', // Oracle Cloud Classic
  'fd00:ec2::/32', // AWS IMDS, DNS and pod identity over IPv6 (fd00:ec2::254, fd00:ec2::23, ...)
  'fd20:ce::254/128', // Google Compute Engine metadata over IPv6
].map((cidr) => ipaddr.parseCIDR(cidr));

/** Ranges no allowlist can open: they are not "private networks" but local-link, metadata or not-a-host addresses. */
const NEVER_RANGES: ReadonlyMap<string, { rule: SsrfRule; what: string }> = new Map([
  ['linkLocal', { rule: 'link_local', what: 'a link-local address' }],
  ['unspecified', { rule: 'unroutable', what: 'an unspecified address' }],
  ['broadcast', { rule: 'unroutable', what: 'a broadcast address' }],
  ['multicast', { rule: 'unroutable', what: 'a multicast address' }],
]);

const RANGE_WORDS: Readonly<Record<string, string>> = {
  private: 'a private address',
  loopback: 'a loopback address',
  carrierGradeNat: 'a carrier-grade NAT address',
  uniqueLocal: 'a unique local address',
};

/**
 * Parsed allowlists by array identity: a safe fetch checks every request and connection against the same array, and
 * parsing it each time was a visible share of a request's cost (docs/benchmarks.md, runner overhead).
 */
const parsedAllowlists = new WeakMap<readonly string[], Cidr[]>();

/** Parses the allowlist's CIDRs; a bad entry is a configuration error (the env module validates them first). */
function parseAllowlist(allowlist: readonly string[]): Cidr[] {
  if (allowlist.length === 0) return [];
  const cached = parsedAllowlists.get(allowlist);
  if (cached) return cached;
  const parsed = allowlist.map((cidr) => {
    try {
      return ipaddr.parseCIDR(cidr.trim());
    } catch {
      throw new TypeError(`private-network allowlist entry "${cidr}" is not a CIDR`);
    }
  });
  parsedAllowlists.set(allowlist, parsed);
  return parsed;
}

/** Throws a TypeError naming the first entry of `allowlist` that is not a CIDR; for option validation at start-up. */
export function validateAllowlist(allowlist: readonly string[]): void {
  parseAllowlist(allowlist);
}

function inAny(address: IP, cidrs: readonly Cidr[]): boolean {
  // ipaddr's match throws across kinds, so compare only like with like.
  return cidrs.some(([net, bits]) => net.kind() === address.kind() && address.match(net, bits));
}

function refuse(rule: SsrfRule, shown: string, reason: string): AddressCheck {
  return { ok: false, rule, message: `${shown} is ${reason}`, reason };
}

/** The checks no allowlist overrides: metadata, link-local, unspecified/broadcast/multicast. */
function neverAllowed(address: IP, shown: string): AddressCheck | undefined {
  if (inAny(address, METADATA_CIDRS)) return refuse('metadata', shown, 'a cloud metadata address (never allowed)');
  const never = NEVER_RANGES.get(address.range());
  return never ? refuse(never.rule, shown, `${never.what} (never allowed)`) : undefined;
}

function uint32ToIpv4(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');
const NAT64 = [ipaddr.parseCIDR('64:ff9b::/96'), ipaddr.parseCIDR('64:ff9b:1::/48')] as const;
const IPV4_TRANSLATED = ipaddr.parseCIDR('::ffff:0:0:0/96');

/**
 * An IPv6 address that stands for an IPv4 one: packets to it reach that IPv4 host (mapped, SIIT-translated, NAT64,
 * deprecated IPv4-compatible), so the IPv4 address is what must be judged.
 */
function ipv4Behind(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const part = (i: number) => address.parts[i] ?? 0;
  if (address.isIPv4MappedAddress()) return address.toIPv4Address();
  if (address.match(IPV4_TRANSLATED) || NAT64.some((cidr) => address.match(cidr)))
    return uint32ToIpv4(part(6), part(7));
  // ::/96 holds :: and ::1 too; those are judged as IPv6 (unspecified, loopback).
  if (address.match(IPV4_COMPATIBLE) && (part(6) !== 0 || part(7) > 1)) return uint32ToIpv4(part(6), part(7));
  return undefined;
}

/** IPv4 addresses carried inside tunnelling prefixes (6to4 relay, Teredo server and client), checked against the never-rules. */
function tunnelledIpv4(address: ipaddr.IPv6): ipaddr.IPv4[] {
  const part = (i: number) => address.parts[i] ?? 0;
  const range = address.range();
  if (range === '6to4') return [uint32ToIpv4(part(1), part(2))];
  // Teredo: server address in clear, client address bit-inverted (RFC 4380).
  if (range === 'teredo') return [uint32ToIpv4(part(2), part(3)), uint32ToIpv4(~part(6) & 0xffff, ~part(7) & 0xffff)];
  return [];
}

function judge(address: IP, shown: string, allowlist: readonly Cidr[], canonical: string): AddressCheck {
  const never = neverAllowed(address, shown);
  if (never) return never;
  const range = address.range();
  if (range === 'unicast' || inAny(address, allowlist)) return { ok: true, address: canonical };
  const what = RANGE_WORDS[range] ?? `a special-purpose address (${range})`;
  return refuse('private_address', shown, `${what} (${ALLOWLIST_NAME} does not include it)`);
}

/**
 * Decides whether mcptest may connect to `ip`. Admits public unicast addresses and, except for link-local, metadata
 * and unspecified/broadcast/multicast addresses (never allowed), those inside a CIDR of `allowlist`. Accepts every
 * textual IPv4 form a URL parser or resolver might produce (`2130706433`, `0x7f.1`, `017700000001`, `127.1`) and
 * judges IPv6 addresses that stand for IPv4 ones (`::ffff:127.0.0.1`, NAT64, IPv4-compatible) by that IPv4 address.
 * Pure; never throws for bad input (an unparsable address is refused), only for a malformed allowlist.
 */
export function checkAddress(ip: string, allowlist: readonly string[]): AddressCheck {
  const text = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  let parsed: IP;
  try {
    parsed = ipaddr.parse(text);
  } catch {
    return refuse('invalid_address', JSON.stringify(ip), 'not an IP address');
  }
  const cidrs = parseAllowlist(allowlist);
  if (parsed.kind() === 'ipv4') return judge(parsed, parsed.toString(), cidrs, parsed.toString());

  const v6 = parsed as ipaddr.IPv6;
  const v4 = ipv4Behind(v6);
  if (v4) return judge(v4, `${v6.toString()} (${v4.toString()})`, cidrs, v6.toString());
  for (const inner of tunnelledIpv4(v6)) {
    const never = neverAllowed(inner, `${v6.toString()} (tunnelling to ${inner.toString()})`);
    if (never) return never;
  }
  return judge(v6, v6.toString(), cidrs, v6.toString());
}
