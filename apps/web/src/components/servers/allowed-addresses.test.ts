import { describe, expect, it } from 'vitest';
import { getAllowedAddresses } from '@/server/services/servers/get-allowed-addresses';
import { allowedAddressesText } from './allowed-addresses';

const view = (allowPrivateNetworks: string[], appUrl = 'http://localhost:3000') =>
  getAllowedAddresses({ allowPrivateNetworks, appUrl });

describe('what the server and webhook forms say about allowed addresses', () => {
  it.each<[string, string[], string]>([
    [
      'production default (none)',
      [],
      'It must be reachable from the internet: loopback (localhost), private, link-local and cloud metadata addresses are refused.',
    ],
    [
      'development on loopback (the default allowlist)',
      ['127.0.0.0/8', '::1/128'],
      'This deployment reaches public addresses and this machine (localhost, 127.0.0.1); other private, link-local and cloud metadata addresses are refused.',
    ],
    [
      'an operator allowing one private network',
      ['10.0.0.0/8'],
      'This deployment reaches public addresses and the private network 10.0.0.0/8; loopback (localhost), other private, link-local and cloud metadata addresses are refused.',
    ],
    [
      'loopback and two private networks',
      ['127.0.0.0/8', '10.0.0.0/8', '192.168.0.0/16'],
      'This deployment reaches public addresses, this machine (localhost, 127.0.0.1) and the private networks 10.0.0.0/8 and 192.168.0.0/16; other private, link-local and cloud metadata addresses are refused.',
    ],
  ])('%s', (_name, allowlist, text) => {
    expect(allowedAddressesText(view(allowlist))).toBe(text);
  });

  it('follows the fetch’s own rules: loopback counts as allowed only when the allowlist covers 127.0.0.1', () => {
    expect(view(['127.0.0.1/32']).loopback).toBe(true);
    expect(view(['::1/128']).loopback).toBe(false);
    expect(view(['10.0.0.0/8']).loopback).toBe(false);
  });

  it('gives a local example that is never mcptest’s own port', () => {
    expect(view([], 'http://localhost:3000').localExample).toBe('http://localhost:8080/mcp');
    expect(view([], 'http://127.0.0.1:8080').localExample).toBe('http://localhost:8081/mcp');
    expect(view([], 'https://mcptest.example.com').localExample).not.toContain(':3000');
  });
});
