import { describe, expect, it } from 'vitest';
import { authorizationServerMetadataUrls, protectedResourceMetadataUrls } from './oauth-discovery-urls';

describe('protectedResourceMetadataUrls', () => {
  it.each([
    [
      'https://example.com/public/mcp',
      [
        'https://example.com/.well-known/oauth-protected-resource/public/mcp',
        'https://example.com/.well-known/oauth-protected-resource',
      ],
    ],
    ['https://example.com/', ['https://example.com/.well-known/oauth-protected-resource']],
    [
      'http://127.0.0.1:3000/mcp/',
      [
        'http://127.0.0.1:3000/.well-known/oauth-protected-resource/mcp',
        'http://127.0.0.1:3000/.well-known/oauth-protected-resource',
      ],
    ],
  ])('%s', (resource, expected) => {
    expect(protectedResourceMetadataUrls(resource)).toEqual(expected);
  });
});

describe('authorizationServerMetadataUrls (the MCP spec order)', () => {
  it('an issuer with a path: RFC 8414 inserted, OIDC inserted, OIDC appended', () => {
    expect(authorizationServerMetadataUrls('https://auth.example.com/tenant1')).toEqual([
      { url: 'https://auth.example.com/.well-known/oauth-authorization-server/tenant1', format: 'oauth2' },
      { url: 'https://auth.example.com/.well-known/openid-configuration/tenant1', format: 'oidc' },
      { url: 'https://auth.example.com/tenant1/.well-known/openid-configuration', format: 'oidc' },
    ]);
  });

  it.each(['https://auth.example.com', 'https://auth.example.com/'])('an issuer without a path (%s)', (issuer) => {
    expect(authorizationServerMetadataUrls(issuer)).toEqual([
      { url: 'https://auth.example.com/.well-known/oauth-authorization-server', format: 'oauth2' },
      { url: 'https://auth.example.com/.well-known/openid-configuration', format: 'oidc' },
    ]);
  });
});
