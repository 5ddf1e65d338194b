import { describe, expect, it } from 'vitest';
import { checkAddress, validateAllowlist } from './check-address';

const NONE: string[] = [];
const DEV = ['127.0.0.0/8', '::1/128'];
const EVERYTHING = ['0.0.0.0/0', '::/0'];

describe('checkAddress', () => {
  it.each([
    ['8.8.8.8', '8.8.8.8'],
    ['2606:4700:4700::1111', '2606:4700:4700::1111'],
    ['[2606:4700:4700::1111]', '2606:4700:4700::1111'],
    ['::ffff:8.8.8.8', '::ffff:808:808'],
    ['64:ff9b::808:808', '64:ff9b::808:808'], // NAT64 of a public address
  ])('admits public unicast %s with an empty allowlist', (ip, canonical) => {
    expect(checkAddress(ip, NONE)).toEqual({ ok: true, address: canonical });
  });

  it.each([
    [
      '127.0.0.1',
      'private_address',
      '127.0.0.1 is a loopback address (MCPTEST_ALLOW_PRIVATE_NETWORKS does not include it)',
    ],
    ['::1', 'private_address', '::1 is a loopback address'],
    [
      '10.0.0.1',
      'private_address',
      '10.0.0.1 is a private address (MCPTEST_ALLOW_PRIVATE_NETWORKS does not include it)',
    ],
    ['192.168.1.1', 'private_address', 'private address'],
    ['100.64.0.1', 'private_address', 'carrier-grade NAT'],
    ['fd12:3456::1', 'private_address', 'unique local'],
    ['198.18.0.1', 'private_address', 'special-purpose address'],
    // Every textual IPv4 form of 127.0.0.1 a resolver or URL parser might hand over.
    ['2130706433', 'private_address', '127.0.0.1 is a loopback address'],
    ['0x7f.1', 'private_address', '127.0.0.1 is a loopback address'],
    ['017700000001', 'private_address', '127.0.0.1 is a loopback address'],
    ['127.1', 'private_address', '127.0.0.1 is a loopback address'],
    ['0177.0.0.1', 'private_address', '127.0.0.1 is a loopback address'],
    // IPv6 forms that stand for an IPv4 address are judged by it.
    ['::ffff:127.0.0.1', 'private_address', '::ffff:7f00:1 (127.0.0.1) is a loopback address'],
    ['[::ffff:7f00:1]', 'private_address', '(127.0.0.1) is a loopback address'],
    ['::127.0.0.1', 'private_address', '(127.0.0.1) is a loopback address'],
    ['64:ff9b::a00:1', 'private_address', '(10.0.0.1) is a private address'],
    ['::ffff:0:a00:1', 'private_address', '(10.0.0.1) is a private address'],
    ['169.254.169.254', 'metadata', '169.254.169.254 is a cloud metadata address (never allowed)'],
    ['::ffff:169.254.169.254', 'metadata', 'cloud metadata'],
    ['64:ff9b::a9fe:a9fe', 'metadata', 'cloud metadata'],
    ['fd00:ec2::254', 'metadata', 'cloud metadata'],
    ['100.100.100.200', 'metadata', 'cloud metadata'],
    ['168.63.129.16', 'metadata', 'cloud metadata'],
    ['169.254.1.1', 'link_local', '169.254.1.1 is a link-local address (never allowed)'],
    ['fe80::1', 'link_local', 'link-local'],
    ['fe80::1%eth0', 'link_local', 'link-local'],
    ['2002:a9fe:101::1', 'link_local', 'tunnelling to 169.254.1.1'],
    ['0.0.0.0', 'unroutable', 'unspecified'],
    ['0', 'unroutable', 'unspecified'],
    ['::', 'unroutable', 'unspecified'],
    ['255.255.255.255', 'unroutable', 'broadcast'],
    ['224.0.0.1', 'unroutable', 'multicast'],
    ['ff02::1', 'unroutable', 'multicast'],
    ['example.com', 'invalid_address', '"example.com" is not an IP address'],
    ['', 'invalid_address', 'is not an IP address'],
  ])('refuses %s with an empty allowlist: %s', (ip, rule, message) => {
    const check = checkAddress(ip, NONE);
    expect(check).toMatchObject({ ok: false, rule });
    expect(check.ok === false && check.message).toContain(message);
  });

  it.each([['127.0.0.1'], ['127.255.0.9'], ['::1'], ['::ffff:127.0.0.1'], ['2130706433']])(
    'admits loopback %s with the development allowlist',
    (ip) => {
      expect(checkAddress(ip, DEV).ok).toBe(true);
    },
  );

  it.each([['10.0.0.1'], ['192.168.0.1'], ['fd12::1']])('still refuses %s with the development allowlist', (ip) => {
    expect(checkAddress(ip, DEV)).toMatchObject({ ok: false, rule: 'private_address' });
  });

  it.each([
    ['169.254.169.254', 'metadata'],
    ['169.254.170.2', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['fd20:ce::254', 'metadata'],
    ['169.254.10.10', 'link_local'],
    ['fe80::a9fe:a9fe', 'link_local'],
    ['::ffff:169.254.10.10', 'link_local'],
    ['0.0.0.0', 'unroutable'],
    ['::', 'unroutable'],
  ])('refuses %s even when the allowlist covers everything (%s)', (ip, rule) => {
    expect(checkAddress(ip, EVERYTHING)).toMatchObject({ ok: false, rule });
    expect(checkAddress(ip, [...EVERYTHING, '169.254.0.0/16', 'fe80::/10', 'fd00::/8', '100.64.0.0/10'])).toMatchObject(
      {
        ok: false,
        rule,
      },
    );
  });

  it('admits what a covering allowlist names', () => {
    expect(checkAddress('10.1.2.3', ['10.0.0.0/8']).ok).toBe(true);
    expect(checkAddress('10.1.2.3', ['10.0.0.0/16']).ok).toBe(false);
    expect(checkAddress('fd12::1', ['fc00::/7']).ok).toBe(true);
  });

  it('rejects a malformed allowlist as a configuration error', () => {
    expect(() => validateAllowlist(['10.0.0.0'])).toThrow(/"10.0.0.0" is not a CIDR/);
    expect(() => checkAddress('8.8.8.8', ['nonsense/8'])).toThrow(TypeError);
    expect(() => validateAllowlist(DEV)).not.toThrow();
  });
});
