import { describe, expect, it } from 'vitest';
import { checkUrlForRegistration } from './check-url';

const DEV = ['127.0.0.0/8', '::1/128'];

describe('checkUrlForRegistration', () => {
  it.each([
    // WHATWG URL parsing normalises these hosts to dotted 127.0.0.1 or compressed IPv6 before we see them.
    ['http://127.0.0.1:3000/mcp', 'private_address', '127.0.0.1 is a loopback address'],
    ['http://[::1]/mcp', 'private_address', '::1 is a loopback address'],
    ['http://2130706433/', 'private_address', '127.0.0.1 is a loopback address'],
    ['http://0x7f.1/', 'private_address', '127.0.0.1 is a loopback address'],
    ['http://017700000001/', 'private_address', '127.0.0.1 is a loopback address'],
    ['http://127.1/', 'private_address', '127.0.0.1 is a loopback address'],
    ['http://0x7f000001/', 'private_address', '127.0.0.1 is a loopback address'],
    ['http://%31%32%37.0.0.1/', 'private_address', '127.0.0.1 is a loopback address'],
    ['http://[::ffff:127.0.0.1]/', 'private_address', '(127.0.0.1) is a loopback address'],
    ['http://[::ffff:7f00:1]/', 'private_address', '(127.0.0.1) is a loopback address'],
    ['http://localhost:8080/', 'private_address', 'localhost is loopback: 127.0.0.1 is a loopback address'],
    ['http://api.localhost/', 'private_address', 'api.localhost is loopback'],
    ['http://10.0.0.1/', 'private_address', '10.0.0.1 is a private address (MCPTEST_ALLOW_PRIVATE_NETWORKS does not'],
    ['http://169.254.169.254/latest/meta-data/', 'metadata', '169.254.169.254 is a cloud metadata address'],
    ['http://[fd00:ec2::254]/', 'metadata', 'cloud metadata'],
    ['http://0/', 'unroutable', '0.0.0.0 is an unspecified address'],
    ['file:///etc/passwd', 'scheme', 'file: URLs are not allowed (only http: and https:)'],
    ['gopher://example.com/', 'scheme', 'gopher:'],
    ['ftp://example.com/', 'scheme', 'ftp:'],
    ['http://user:pw@example.com/', 'invalid_url', 'credentials in the URL'],
    ['not a url', 'invalid_url', '"not a url" is not a valid URL'],
  ])('refuses %s with an empty allowlist (%s)', (url, rule, message) => {
    const check = checkUrlForRegistration(url, []);
    expect(check).toMatchObject({ ok: false, rule });
    expect(check.ok === false && check.message).toContain(message);
  });

  it.each([
    ['https://example.com/mcp', []],
    ['https://example.com:8443/mcp', []], // any port
    ['http://8.8.8.8:1/', []],
    ['https://internal.example/mcp', []], // a name: checked after DNS, at connection time
    ['http://127.0.0.1:3000/mcp', DEV],
    ['http://[::1]:3000/mcp', DEV],
    ['http://localhost:3000/mcp', DEV],
    ['http://2130706433/', DEV],
  ])('admits %s with allowlist %j', (url, allowlist) => {
    const check = checkUrlForRegistration(url, allowlist);
    expect(check.ok).toBe(true);
  });

  it('refuses metadata even with an allowlist of everything', () => {
    expect(checkUrlForRegistration('http://169.254.169.254/', ['0.0.0.0/0', '::/0'])).toMatchObject({
      ok: false,
      rule: 'metadata',
    });
  });
});
