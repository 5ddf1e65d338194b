// Fuzzes the URL and address checks that keep mcptest off internal networks: the registration check of server and
// webhook URLs (apps/web check-server-url.ts and check-webhook-url.ts over packages/mcp checkUrlForRegistration),
// the address check of every resolved address (checkAddress), and the SSRF-safe fetch itself against a real local
// server with an injected resolver. Hostile URLs are generated in every form the WHATWG parser accepts (decimal, hex,
// octal and short IPv4, IPv6 with embedded IPv4, userinfo, trailing dots, percent-encoding, full-width digits...) and
// judged by an independent oracle (test/fuzz/address-oracle.ts: net.BlockList over the IANA registries).
import http from 'node:http';
import { type AddressInfo, isIP } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkAddress,
  checkUrlForRegistration,
  createSafeFetch,
  SsrfRefusedError,
  type SsrfRule,
} from '../../packages/mcp/src/net/index';
import { ApiError } from '../../apps/web/src/server/api/api-error';
import { checkServerUrl } from '../../apps/web/src/server/services/servers/check-server-url';
import { checkWebhookUrl } from '../../apps/web/src/server/services/webhooks/check-webhook-url';
import { WebhookUrlRefusedError } from '../../apps/web/src/server/services/webhooks/errors';
import {
  addressVerdict,
  EITHER_CIDRS,
  embeddedIpv4,
  METADATA_ADDRESSES,
  NEVER_CIDRS,
  SPECIAL_CIDRS,
  urlVerdict,
} from './address-oracle';
import { FUZZ_TEST_TIMEOUT_MS, fuzzRuns } from './fuzz-config';

const RULES: readonly SsrfRule[] = [
  'scheme',
  'invalid_url',
  'invalid_address',
  'private_address',
  'link_local',
  'metadata',
  'unroutable',
  'dns_failed',
  'too_many_redirects',
  'response_too_large',
];

// --- addresses --------------------------------------------------------------------------------------------------

const U32 = 2 ** 32;
const toU32 = (dotted: string) => dotted.split('.').reduce((n, part) => n * 256 + Number(part), 0);
const toDotted = (n: number) => [24, 16, 8, 0].map((shift) => Math.floor(n / 2 ** shift) % 256).join('.');

const V4_RANGES = [...NEVER_CIDRS, ...SPECIAL_CIDRS, ...EITHER_CIDRS].filter(([, , f]) => f === 'ipv4');
const V6_RANGES = [...NEVER_CIDRS, ...SPECIAL_CIDRS, ...EITHER_CIDRS].filter(([, , f]) => f === 'ipv6');

/** An IPv4 address as a number: anywhere, or inside one of the special ranges (so refusals get exercised). */
const ipv4 = fc.oneof(
  fc.integer({ min: 0, max: U32 - 1 }),
  fc.tuple(fc.constantFrom(...V4_RANGES), fc.integer({ min: 0, max: U32 - 1 })).map(([[net, bits], r]) => {
    const size = 2 ** (32 - bits);
    return toU32(net) + (r % size);
  }),
  fc.constantFrom(...['169.254.169.254', '127.0.0.1', '10.0.0.1', '0.0.0.0', '8.8.8.8', '1.1.1.1'].map(toU32)),
);

/** Every textual form the WHATWG URL parser turns into that IPv4 address. */
const ipv4Text = fc
  .tuple(
    ipv4,
    fc.constantFrom('dotted', 'decimal', 'hex', 'octal', 'short3', 'short2', 'mixed'),
    fc.array(fc.constantFrom('dec', 'hex', 'oct', 'HEX'), { minLength: 4, maxLength: 4 }),
    fc.boolean(),
  )
  .map(([n, form, radixes, trailingDot]) => {
    const part = (value: number, radix: string) =>
      radix === 'hex'
        ? `0x${value.toString(16)}`
        : radix === 'HEX'
          ? `0X${value.toString(16).toUpperCase()}`
          : radix === 'oct'
            ? `0${value.toString(8)}`
            : String(value);
    const [a, b, c, d] = toDotted(n).split('.').map(Number) as [number, number, number, number];
    let text: string;
    if (form === 'dotted') text = `${a}.${b}.${c}.${d}`;
    else if (form === 'decimal') text = String(n);
    else if (form === 'hex') text = `0x${n.toString(16)}`;
    else if (form === 'octal') text = [a, b, c, d].map((x) => `0${x.toString(8)}`).join('.');
    else if (form === 'short3') text = `${a}.${b}.${c * 256 + d}`;
    else if (form === 'short2') text = `${a}.${b * 65536 + c * 256 + d}`;
    else text = [a, b, c, d].map((x, i) => part(x, radixes[i] ?? 'dec')).join('.');
    return { address: toDotted(n), text: trailingDot ? `${text}.` : text };
  });

const hex16 = fc.integer({ min: 0, max: 0xffff });

/** An IPv6 address as 8 groups: anywhere, inside a special range, or standing for an IPv4 address. */
const ipv6Groups = fc.oneof(
  fc.array(hex16, { minLength: 8, maxLength: 8 }),
  fc.tuple(fc.constantFrom(...V6_RANGES), fc.array(hex16, { minLength: 8, maxLength: 8 })).map(([[net, bits], r]) => {
    const base = new URL(`http://[${net}]/`).hostname.slice(1, -1);
    const head =
      base
        .split('::')[0]
        ?.split(':')
        .filter(Boolean)
        .map((g) => parseInt(g, 16)) ?? [];
    const fixed = [...head, ...Array<number>(8 - head.length).fill(0)];
    return fixed.map((g, i) => {
      const keep = Math.max(0, Math.min(16, bits - 16 * i));
      const mask = keep === 16 ? 0xffff : keep === 0 ? 0 : (0xffff << (16 - keep)) & 0xffff;
      return (g & mask) | ((r[i] ?? 0) & ~mask & 0xffff);
    });
  }),
  fc.tuple(fc.constantFrom('mapped', 'siit', 'nat64', 'compat'), ipv4).map(([kind, n]) => {
    const high = Math.floor(n / 65536);
    const low = n % 65536;
    if (kind === 'mapped') return [0, 0, 0, 0, 0, 0xffff, high, low];
    if (kind === 'siit') return [0, 0, 0, 0, 0xffff, 0, high, low];
    if (kind === 'nat64') return [0x64, 0xff9b, 0, 0, 0, 0, high, low];
    return [0, 0, 0, 0, 0, 0, high, low];
  }),
  fc.constantFrom([0, 0, 0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 0, 0, 0], [0xfd00, 0xec2, 0, 0, 0, 0, 0, 0x254]),
);

/** Textual forms of an IPv6 address: full, leading zeros, upper case, `::` compression, a dotted-quad tail. */
const ipv6Text = fc
  .tuple(ipv6Groups, fc.constantFrom('full', 'padded', 'upper', 'compressed', 'dotted'))
  .map(([g, form]) => {
    const hex = g.map((x) => x.toString(16));
    let text: string;
    if (form === 'padded') text = hex.map((x) => x.padStart(4, '0')).join(':');
    else if (form === 'upper') text = hex.join(':').toUpperCase();
    else if (form === 'compressed') text = hex.join(':').replace(/(^|:)0(:0)+(:|$)/, '::');
    else if (form === 'dotted') {
      text = `${hex.slice(0, 6).join(':')}:${toDotted((g[6] ?? 0) * 65536 + (g[7] ?? 0))}`;
    } else text = hex.join(':');
    return { address: new URL(`http://[${hex.join(':')}]/`).hostname.slice(1, -1), text };
  });

/** Host names: localhost in its disguises, names that look like addresses, ordinary and IDN names. */
const hostName = fc.oneof(
  fc.constantFrom(
    'localhost',
    'LOCALHOST.',
    'api.localhost',
    'localhost.example.com',
    'mcp.example.com',
    'xn--nxasmq6b.example',
    '169.254.169.254.nip.io',
    'metadata.google.internal',
    '0x7f.1.example.com',
  ),
  fc.domain(),
);

/** Host disguises the URL parser undoes: percent-encoded characters, full-width digits, tab and newline inside. */
const disguise = fc.constantFrom('none', 'percent', 'fullwidth', 'tab');

function disguised(host: string, how: string): string {
  if (how === 'percent')
    return host.replace(/[0-9a-f]/gi, (c, i: number) => (i % 2 ? `%${c.charCodeAt(0).toString(16)}` : c));
  if (how === 'fullwidth')
    return host.replace(/[0-9.]/g, (c) => String.fromCharCode(c === '.' ? 0xff0e : 0xff10 + Number(c)));
  if (how === 'tab') return host.length > 1 ? `${host.slice(0, 1)}\t${host.slice(1)}` : host;
  return host;
}

/** Hostile URLs: scheme, userinfo tricks, an IPv4/IPv6/name host in some form, port, path, sloppy spellings. */
const hostileUrl = fc
  .record({
    scheme: fc.oneof(
      { arbitrary: fc.constantFrom('http', 'https', 'HTTP', 'hTtPs'), weight: 4 },
      { arbitrary: fc.constantFrom('file', 'gopher', 'data', 'ftp', 'javascript', 'ws', 'dict', 'HTTPX'), weight: 1 },
    ),
    userinfo: fc.oneof(
      { arbitrary: fc.constant(''), weight: 4 },
      { arbitrary: fc.constantFrom('user@', 'user:pass@', 'mcp.example.com@', ':@', '%40@'), weight: 1 },
    ),
    host: fc.oneof(
      ipv4Text.map(({ text }) => text),
      ipv6Text.map(({ text }) => `[${text}]`),
      hostName,
    ),
    disguise,
    port: fc.constantFrom('', ':80', ':0', ':65535', ':8080', ':99999', ':'),
    path: fc.constantFrom('/', '', '/mcp', '/@169.254.169.254/', '?x=http://127.0.0.1/', '#frag', '/..%2f..%2f'),
    sloppy: fc.constantFrom('', 'backslashes', 'one-slash', 'spaces'),
  })
  .map(({ scheme, userinfo, host, disguise: how, port, path, sloppy }) => {
    const authority = `${userinfo}${host.startsWith('[') ? host : disguised(host, how)}${port}`;
    if (sloppy === 'backslashes') return `${scheme}:\\\\${authority}${path.replace(/\//g, '\\')}`;
    if (sloppy === 'one-slash') return `${scheme}:/${authority}${path}`;
    if (sloppy === 'spaces') return `  ${scheme}://${authority}${path}\n`;
    return `${scheme}://${authority}${path}`;
  });

/** Allowlists an operator might set (link-local and 0.0.0.0/0 included: neither may open link-local or metadata). */
const allowlist = fc.subarray(
  [
    '127.0.0.0/8',
    '::1/128',
    '10.0.0.0/8',
    '192.168.0.0/16',
    '100.64.0.0/10',
    'fc00::/7',
    '169.254.0.0/16',
    '0.0.0.0/0',
  ],
  { maxLength: 4 },
);

/** The rule a refusal must name, by the rules' documentation in ssrf-errors.ts. */
function expectedRule(text: string, allow: readonly string[]): SsrfRule | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'invalid_url';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'scheme';
  if (url.username !== '' || url.password !== '') return 'invalid_url';
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!isIP(host)) return undefined;
  const address = host.includes(':') ? (embeddedIpv4(host) ?? host) : host;
  if (METADATA_ADDRESSES.includes(address) || /^fd00:ec2:/.test(address)) return 'metadata';
  if (/^169\.254\./.test(address) || /^fe[89ab]/.test(address)) return 'link_local';
  const broadcast = address === '255.255.255.255';
  if (
    /^0\./.test(address) ||
    address === '::' ||
    broadcast ||
    /^2(2[4-9]|3\d)\./.test(address) ||
    /^ff/.test(address)
  ) {
    return 'unroutable';
  }
  return addressVerdict(address, allow) === 'refuse' ? 'private_address' : undefined;
}

describe('URL checks at registration, fuzzed', { timeout: FUZZ_TEST_TIMEOUT_MS }, () => {
  it('never throw on arbitrary URL-ish text, and admit only parseable http(s) URLs without credentials', () => {
    const urlish = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 80 }),
      fc.webUrl({
        withFragments: true,
        withQueryParameters: true,
        authoritySettings: {
          withUserInfo: true,
          withPort: true,
          withIPv4: true,
          withIPv6: true,
          withIPv4Extended: true,
        },
      }),
      fc
        .tuple(
          fc.constantFrom('http://', 'https://', 'http:', '//', ''),
          fc.string({ unit: 'grapheme', maxLength: 40 }),
        )
        .map(([a, b]) => a + b),
    );
    fc.assert(
      fc.property(urlish, allowlist, (text, allow) => {
        const result = checkUrlForRegistration(text, allow);
        if (!result.ok) {
          expect(RULES).toContain(result.rule);
          expect(result.message.length).toBeGreaterThan(0);
          return;
        }
        expect(['http:', 'https:']).toContain(result.url.protocol);
        expect(result.url.username + result.url.password).toBe('');
        expect(urlVerdict(text, allow)).not.toBe('refuse');
      }),
      fuzzRuns(1000),
    );
  });

  it('refuse every URL whose host is private, loopback, link-local or metadata in any spelling, and admit public ones', () => {
    fc.assert(
      fc.property(hostileUrl, allowlist, (text, allow) => {
        const verdict = urlVerdict(text, allow);
        const result = checkUrlForRegistration(text, allow);
        const shown = `${JSON.stringify(text)} with allowlist [${allow.join(', ')}]: oracle ${verdict}, got ${JSON.stringify(result.ok ? 'ok' : result)}`;
        if (verdict === 'refuse' || verdict === 'invalid') expect(result.ok, shown).toBe(false);
        if (verdict === 'allow') expect(result.ok, shown).toBe(true);
        if (!result.ok) {
          const rule = expectedRule(text, allow);
          if (rule !== undefined) expect(result.rule, shown).toBe(rule);
        }
      }),
      fuzzRuns(3000),
    );
  });

  it('answer through the services with their typed errors: 400 url_refused naming the rule and the url field', () => {
    fc.assert(
      fc.property(fc.oneof(hostileUrl, fc.string({ maxLength: 40 })), allowlist, (text, allow) => {
        const expected = checkUrlForRegistration(text, allow);
        let server: unknown;
        let webhook: unknown;
        try {
          checkServerUrl(text, allow);
        } catch (error) {
          server = error;
        }
        try {
          checkWebhookUrl(text, allow);
        } catch (error) {
          webhook = error;
        }
        if (expected.ok) {
          expect(server).toBeUndefined();
          expect(webhook).toBeUndefined();
          return;
        }
        expect(server).toBeInstanceOf(ApiError);
        expect(server).toMatchObject({
          code: 'url_refused',
          status: 400,
          details: { rule: expected.rule, path: 'url' },
        });
        expect(webhook).toBeInstanceOf(WebhookUrlRefusedError);
        expect(webhook).toMatchObject({ code: 'url_refused', details: { rule: expected.rule, path: 'url' } });
      }),
      fuzzRuns(500),
    );
  });
});

describe('checkAddress (every resolved address), fuzzed', { timeout: FUZZ_TEST_TIMEOUT_MS }, () => {
  it('agrees with the oracle on canonical addresses, as resolvers return them', () => {
    fc.assert(
      fc.property(fc.oneof(ipv4Text, ipv6Text), allowlist, ({ address }, allow) => {
        const verdict = addressVerdict(address, allow);
        const result = checkAddress(address, allow);
        if (verdict === 'refuse') expect(result.ok, `${address} [${allow.join(', ')}]`).toBe(false);
        if (verdict === 'allow') expect(result.ok, `${address} [${allow.join(', ')}]`).toBe(true);
      }),
      fuzzRuns(3000),
    );
  });

  it('never throws for any text, and judges every other IPv4 spelling like the address it stands for', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 40 }),
          ipv4Text.map((v) => v.text),
        ),
        allowlist,
        (text, allow) => {
          const result = checkAddress(text, allow);
          if (!result.ok) expect(RULES).toContain(result.rule);
          let literal: string | undefined;
          try {
            literal = /^[\dxa-f.]+$/i.test(text) ? new URL(`http://${text}/`).hostname : undefined;
          } catch {
            literal = undefined;
          }
          if (result.ok && literal !== undefined && isIP(literal)) {
            expect(addressVerdict(literal, allow), `${text} read as ${literal}`).not.toBe('refuse');
          }
        },
      ),
      fuzzRuns(1000),
    );
  });
});

describe('the SSRF-safe fetch against a real local server, fuzzed', { timeout: FUZZ_TEST_TIMEOUT_MS }, () => {
  let server: http.Server;
  let port: number;
  let requests = 0;
  /** Where the server redirects `/go`; set per case. */
  let redirectTo = '';

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      requests += 1;
      if (req.url === '/go') res.writeHead(302, { location: redirectTo }).end();
      else res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** Only 127.0.0.1 is allowed (where the test server listens): every other non-public address must be refused. */
  const ALLOW = ['127.0.0.1/32'];
  const refusedAddress = fc
    .oneof(ipv4Text, ipv6Text)
    .map((v) => v.address)
    .filter((address) => addressVerdict(address, ALLOW) === 'refuse');

  it('refuses a name if any address it resolves to is refused, before connecting; connects when all are allowed', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(refusedAddress, fc.constant('127.0.0.1')), { minLength: 1, maxLength: 4 }),
        async (addresses) => {
          const safeFetch = createSafeFetch({
            allowPrivateNetworks: ALLOW,
            resolve: async () => addresses.map((address) => ({ address, family: isIP(address) === 6 ? 6 : 4 })),
          });
          const before = requests;
          try {
            const outcome = await safeFetch(`http://fuzz.test:${port}/`).then(
              async (response) => ({ status: response.status, body: await response.text() }),
              (error: unknown) => error,
            );
            if (addresses.every((a) => a === '127.0.0.1')) {
              expect(outcome).toEqual({ status: 200, body: 'ok' });
              expect(requests).toBe(before + 1);
            } else {
              expect(outcome).toBeInstanceOf(SsrfRefusedError);
              expect(requests).toBe(before);
            }
          } finally {
            await safeFetch.close();
          }
        },
      ),
      fuzzRuns(60),
    );
  });

  it('refuses a redirect to any refused URL spelling, without a second request', async () => {
    // Only what a Location header can carry (visible ASCII): node:http refuses to send anything else.
    // Only what a Location header can carry (visible ASCII): node:http refuses to send anything else. Judged where
    // the redirect leads: relative to the URL that answered it (`http:/x` there is a path on the same host).
    const base = () => `http://fuzz.test:${port}/go`;
    const target = hostileUrl
      .map((text) => text.trim())
      .filter((text) => /^[\x21-\x7e]+$/.test(text))
      .filter((text) => {
        try {
          return urlVerdict(new URL(text, base()).href, ALLOW) === 'refuse';
        } catch {
          return true;
        }
      });
    const safeFetch = createSafeFetch({
      allowPrivateNetworks: ALLOW,
      // A refusal is immediate; anything slower is a bug, reported by the property rather than the test timeout.
      timeoutMs: 10_000,
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    try {
      await fc.assert(
        fc.asyncProperty(target, async (location) => {
          redirectTo = location;
          const before = requests;
          const outcome = await safeFetch(`http://fuzz.test:${port}/go`).then(
            (response) => response.status,
            (error: unknown) => error,
          );
          expect(outcome, `redirect to ${JSON.stringify(location)}`).toBeInstanceOf(SsrfRefusedError);
          expect(requests).toBe(before + 1);
        }),
        fuzzRuns(60),
      );
    } finally {
      await safeFetch.close();
    }
  });
});
