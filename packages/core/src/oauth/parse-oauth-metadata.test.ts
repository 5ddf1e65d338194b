import { describe, expect, it } from 'vitest';
import { parseAuthorizationServerMetadata, parseProtectedResourceMetadata } from './parse-oauth-metadata';

const DOC = 'https://mcp.example.com/.well-known/oauth-protected-resource/mcp';
const RESOURCE = 'https://mcp.example.com/mcp';

describe('parseProtectedResourceMetadata', () => {
  it('accepts metadata naming the resource and an authorization server, keeping unknown fields', () => {
    const result = parseProtectedResourceMetadata(
      { resource: RESOURCE, authorization_servers: ['https://auth.example.com'], resource_name: 'x' },
      DOC,
      RESOURCE,
    );
    expect(result).toEqual({
      ok: true,
      metadata: { resource: RESOURCE, authorization_servers: ['https://auth.example.com'], resource_name: 'x' },
    });
  });

  it.each([
    [
      { resource: 'https://mcp.example.com/other', authorization_servers: ['https://a.example'] },
      'resource_mismatch',
      /names the resource https:\/\/mcp.example.com\/other, not https:\/\/mcp.example.com\/mcp/,
    ],
    [
      { resource: 'https://evil.example/mcp', authorization_servers: ['https://a.example'] },
      'resource_mismatch',
      /RFC 9728/,
    ],
    [{ authorization_servers: ['https://a.example'] }, 'metadata_invalid', /resource/],
    [{ resource: RESOURCE }, 'metadata_invalid', /names no authorization_servers/],
    [{ resource: RESOURCE, authorization_servers: [] }, 'metadata_invalid', /authorization_servers/],
    [{ resource: RESOURCE, authorization_servers: ['http://auth.example.com'] }, 'metadata_invalid', /not https/],
    ['not an object', 'metadata_invalid', /invalid/],
  ] as const)('refuses %j as %s', (body, code, message) => {
    const result = parseProtectedResourceMetadata(body, DOC, RESOURCE);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.code).toBe(code);
      expect(result.message).toMatch(message);
      expect(result.message).toContain(DOC);
    }
  });
});

describe('parseAuthorizationServerMetadata', () => {
  const ISSUER = 'https://auth.example.com';
  const AS_DOC = 'https://auth.example.com/.well-known/oauth-authorization-server';
  const good = {
    issuer: ISSUER,
    authorization_endpoint: 'https://auth.example.com/authorize',
    token_endpoint: 'https://auth.example.com/token',
    code_challenge_methods_supported: ['S256'],
  };

  it('accepts metadata whose issuer is the one discovered from', () => {
    expect(parseAuthorizationServerMetadata(good, AS_DOC, ISSUER)).toEqual({ ok: true, metadata: good });
  });

  it.each([
    [
      { ...good, issuer: 'https://evil.example.com' },
      'issuer_mismatch',
      /names the issuer https:\/\/evil.example.com, not https:\/\/auth.example.com/,
    ],
    // RFC 8414 §3.3: identical, so not even a trailing slash is forgiven.
    [{ ...good, issuer: `${ISSUER}/` }, 'issuer_mismatch', /RFC 8414/],
    [{ ...good, token_endpoint: undefined }, 'metadata_invalid', /no token_endpoint/],
    [{ ...good, token_endpoint: 'http://auth.example.com/token' }, 'metadata_invalid', /token_endpoint .*not https/],
    [{ ...good, registration_endpoint: 'http://10.0.0.1/reg' }, 'metadata_invalid', /registration_endpoint/],
    [{ ...good, issuer: 5 }, 'metadata_invalid', /issuer/],
  ] as const)('refuses %j as %s', (body, code, message) => {
    const result = parseAuthorizationServerMetadata(body, AS_DOC, ISSUER);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.code).toBe(code);
      expect(result.message).toMatch(message);
    }
  });
});
