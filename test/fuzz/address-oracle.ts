// An independent oracle for the SSRF address rules (DESIGN.md "Private networks"), for the URL fuzz tests: hosts are
// canonicalised by the WHATWG URL parser and classified with Node's net.BlockList over the IANA special-purpose
// registries, not with ipaddr.js as the production code is. It answers "refuse", "allow" or "either" (ranges where
// both answers are defensible, such as globally reachable anycast that production refuses as special-purpose).
import { BlockList, isIPv4, isIPv6 } from 'node:net';

export type Verdict = 'refuse' | 'allow' | 'either';

type Family = 'ipv4' | 'ipv6';
type Cidr = readonly [string, number, Family];

const v4 = (cidr: string): Cidr => {
  const [net, bits] = cidr.split('/') as [string, string];
  return [net, Number(bits), 'ipv4'];
};
const v6 = (cidr: string): Cidr => {
  const [net, bits] = cidr.split('/') as [string, string];
  return [net, Number(bits), 'ipv6'];
};

function blockList(cidrs: readonly Cidr[]): BlockList {
  const list = new BlockList();
  for (const [net, bits, family] of cidrs) list.addSubnet(net, bits, family);
  return list;
}

/** Cloud metadata and platform addresses (AWS, GCP, Azure, Alibaba, Oracle): never reachable. */
export const METADATA_ADDRESSES: readonly string[] = [
  '169.254.169.254',
  '169.254.170.2',
  '169.254.170.23',
  '100.100.100.200',
  '168.63.129.16',
  '192.0.0.192',
  'fd20:ce::254',
];

/** Never reachable, whatever the allowlist: link-local, metadata, unspecified, multicast, broadcast. */
export const NEVER_CIDRS: readonly Cidr[] = [
  v4('169.254.0.0/16'),
  v4('0.0.0.0/8'),
  v4('224.0.0.0/4'),
  v4('255.255.255.255/32'),
  v4('100.100.100.200/32'),
  v4('168.63.129.16/32'),
  v4('192.0.0.192/32'),
  v6('fe80::/10'),
  v6('::/128'),
  v6('ff00::/8'),
  v6('fd00:ec2::/32'),
  v6('fd20:ce::254/128'),
];

/** Not globally reachable (IANA IPv4 and IPv6 special-purpose registries): refused unless the allowlist covers it. */
export const SPECIAL_CIDRS: readonly Cidr[] = [
  v4('10.0.0.0/8'),
  v4('100.64.0.0/10'),
  v4('127.0.0.0/8'),
  v4('172.16.0.0/12'),
  v4('192.0.0.0/24'),
  v4('192.0.2.0/24'),
  v4('192.168.0.0/16'),
  v4('198.18.0.0/15'),
  v4('198.51.100.0/24'),
  v4('203.0.113.0/24'),
  v4('240.0.0.0/4'),
  v6('::1/128'),
  v6('100::/64'),
  v6('2001:db8::/32'),
  v6('fc00::/7'),
  v6('fec0::/10'),
];

/**
 * Either answer is right: globally reachable anycast and relays that production refuses as special-purpose
 * (AS112, AMT, the 6to4 relay), and the IPv6 blocks whose IANA entries are mixed or tunnel elsewhere (2001::/23,
 * 6to4, new documentation and SRv6 space).
 */
export const EITHER_CIDRS: readonly Cidr[] = [
  v4('192.31.196.0/24'),
  v4('192.52.193.0/24'),
  v4('192.88.99.0/24'),
  v4('192.175.48.0/24'),
  v6('2001::/23'),
  v6('2002::/16'),
  v6('2620:4f:8000::/48'),
  v6('3fff::/20'),
  v6('5f00::/16'),
  v6('64:ff9b:1::/48'),
];

const NEVER = blockList(NEVER_CIDRS);
const SPECIAL = blockList(SPECIAL_CIDRS);
const EITHER = blockList(EITHER_CIDRS);

/** The eight 16-bit groups of an IPv6 address as the URL parser writes it (compressed, hex, no dotted quad). */
function groups(address: string): number[] {
  const [head = '', tail] = address.split('::') as [string, string | undefined];
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The IPv4 address an IPv6 one stands for, where packets to it reach that IPv4 host: IPv4-mapped (::ffff:0:0/96),
 * SIIT (::ffff:0:0:0/96), NAT64 (64:ff9b::/96) and IPv4-compatible (::/96, except :: and ::1).
 */
export function embeddedIpv4(address: string): string | undefined {
  const g = groups(address);
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  const mapped = zeros(0, 5) && g[5] === 0xffff;
  const siit = zeros(0, 4) && g[4] === 0xffff && g[5] === 0;
  const nat64 = g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6);
  const compatible = zeros(0, 6) && ((g[6] ?? 0) !== 0 || (g[7] ?? 0) > 1);
  if (!mapped && !siit && !nat64 && !compatible) return undefined;
  const high = g[6] ?? 0;
  const low = g[7] ?? 0;
  return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
}

/** The verdict for one IP address (canonical text), under an allowlist of CIDRs. */
export function addressVerdict(address: string, allowlist: readonly string[]): Verdict {
  const family: Family = isIPv4(address) ? 'ipv4' : 'ipv6';
  if (family === 'ipv6') {
    const inner = embeddedIpv4(address);
    if (inner) return addressVerdict(inner, allowlist);
  }
  if (NEVER.check(address, family)) return 'refuse';
  if (EITHER.check(address, family)) return 'either';
  if (!SPECIAL.check(address, family)) return 'allow';
  const allowed = blockList(allowlist.map((cidr) => (cidr.includes(':') ? v6(cidr) : v4(cidr)))).check(address, family);
  return allowed ? 'allow' : 'refuse';
}

/** The verdict for a URL at registration: scheme, credentials, then a literal or `localhost` host; names pass. */
export function urlVerdict(text: string, allowlist: readonly string[]): Verdict | 'invalid' {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'invalid';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'refuse';
  if (url.username !== '' || url.password !== '') return 'refuse';
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIPv4(host) || isIPv6(host)) return addressVerdict(host, allowlist);
  const name = host.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) {
    const both = [addressVerdict('127.0.0.1', allowlist), addressVerdict('::1', allowlist)];
    return both.every((v) => v === 'allow') ? 'allow' : 'refuse';
  }
  return 'allow';
}
