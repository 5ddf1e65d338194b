import { describe, expect, it } from 'vitest';
import { isSameOrigin, maskUrl } from './mask-url';

describe('maskUrl', () => {
  it.each([
    ['https://mcp.example.com/mcp', 'https://mcp.example.com/mcp'],
    ['https://user:pass@mcp.example.com/mcp', 'https://***@mcp.example.com/mcp'],
    ['https://token@mcp.example.com/mcp', 'https://***@mcp.example.com/mcp'],
    ['https://:pass@mcp.example.com/', 'https://***@mcp.example.com/'],
    ['https://mcp.example.com/mcp?api_key=s3cret&x=1', 'https://mcp.example.com/mcp?***'],
    ['https://u:p@host:8443/a/b?k=v#frag', 'https://***@host:8443/a/b?***#***'],
    ['https://host/path#access_token=abc', 'https://host/path#***'],
    // An empty query or fragment is still masked: nothing about it is shown, not even that it was empty.
    ['https://host/path?', 'https://host/path?***'],
    ['https://host/path?#', 'https://host/path?***#***'],
    ['http://127.0.0.1:3000/mcp', 'http://127.0.0.1:3000/mcp'],
    // Nothing to mask: returned as written.
    ['HTTPS://EXAMPLE.com', 'HTTPS://EXAMPLE.com'],
    ['http://[::1]:8080/mcp?token=x', 'http://[::1]:8080/mcp?***'],
    ['HTTPS://User:Pw@EXAMPLE.com', 'https://***@example.com/'],
    ['not a url', '***'],
    ['', '***'],
    ['mailto:someone@example.com?subject=x', 'mailto:***'],
    ['https://host/p%3Fq?x=%40', 'https://host/p%3Fq?***'],
  ])('%s → %s', (input, masked) => {
    expect(maskUrl(input)).toBe(masked);
  });

  it.each(['s3cret', 'pass', 'access_token=abc'])('never contains the secret part (%s)', (secret) => {
    for (const url of [
      `https://u:${secret}@h/`,
      `https://${secret}@h/`,
      `https://h/?${secret}`,
      `https://h/#${secret}`,
    ]) {
      expect(maskUrl(url)).not.toContain(secret);
    }
  });
});

describe('isSameOrigin', () => {
  it.each([
    ['https://a.example/mcp', 'https://a.example/other?x=1', true],
    ['https://a.example/mcp', 'https://A.EXAMPLE:443/mcp', true],
    ['http://a.example/mcp', 'http://a.example:80/', true],
    ['https://a.example/mcp', 'http://a.example/mcp', false],
    ['https://a.example/mcp', 'https://b.example/mcp', false],
    ['https://a.example/mcp', 'https://a.example:8443/mcp', false],
    ['https://a.example/mcp', 'https://a.example.evil.test/mcp', false],
    ['http://127.0.0.1:3000/mcp', 'http://localhost:3000/mcp', false],
    ['https://a.example/', 'not a url', false],
    ['mailto:a@b', 'mailto:a@b', false],
  ])('%s vs %s → %s', (a, b, same) => {
    expect(isSameOrigin(a, b)).toBe(same);
    expect(isSameOrigin(b, a)).toBe(same);
  });
});
