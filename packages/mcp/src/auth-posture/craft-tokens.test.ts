// The crafted tokens against the real authorization server's keys: with the AS's kid and algorithm (read from its
// JWKS through the SSRF-safe fetch by signingKeyHint), the unknown-key token differs from a real one only in its
// signature, and the expired one is refused for its signature or expiry, never for its shape.
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, errors, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthorizationServer, type AuthorizationServer } from '../../../../test/oauth/authorization-server';
import { createSafeFetch } from '../net/safe-fetch';
import type { OAuthDiscovery } from '../oauth/oauth-types';
import { craftTokens } from './craft-tokens';
import { signingKeyHint } from './signing-key-hint';

const safeFetch = createSafeFetch({ allowPrivateNetworks: ['127.0.0.0/8', '::1/128'] }) as typeof globalThis.fetch;
const AUDIENCE = 'http://127.0.0.1:1/mcp';
let as: AuthorizationServer;

beforeAll(async () => {
  as = await startAuthorizationServer();
});
afterAll(() => as.stop());

function discoveryOf(server: AuthorizationServer): OAuthDiscovery {
  return {
    resource: AUDIENCE,
    resourceMetadataUrl: 'http://127.0.0.1:1/.well-known/oauth-protected-resource/mcp',
    resourceMetadata: {},
    issuer: server.issuer,
    authorizationServer: { ...server.metadata },
    authorizationServerMetadataUrl: `${server.issuer}/.well-known/openid-configuration`,
  };
}

describe('signingKeyHint', () => {
  it("reads the AS's signing key id and algorithm from its JWKS", async () => {
    const jwks = (await (await fetch(as.jwksUri)).json()) as { keys: { kid: string; alg?: string }[] };
    const hint = await signingKeyHint(discoveryOf(as), safeFetch, 5000);
    expect(hint).toEqual({ kid: jwks.keys[0]?.kid, alg: 'RS256' });
  });

  it('gives no hint when the JWKS is elsewhere than the address rules allow', async () => {
    const discovery = discoveryOf(as);
    const hint = await signingKeyHint(
      {
        ...discovery,
        authorizationServer: { ...discovery.authorizationServer, jwks_uri: 'http://169.254.169.254/jwks' },
      },
      safeFetch,
      5000,
    );
    expect(hint).toBeUndefined();
  });
});

describe('craftTokens', () => {
  it('signs with the hinted kid and algorithm, so only the signature check refuses the unknown-key token', async () => {
    const key = await signingKeyHint(discoveryOf(as), safeFetch, 5000);
    expect(key).toBeDefined();
    const tokens = await craftTokens({
      audience: AUDIENCE,
      issuer: as.issuer,
      scope: 'mcp:tools',
      ...(key ? { key } : {}),
    });
    expect(decodeProtectedHeader(tokens.unknown_key)).toEqual({ alg: 'RS256', typ: 'at+jwt', kid: key?.kid });
    expect(decodeJwt(tokens.unknown_key)).toMatchObject({ iss: as.issuer, aud: AUDIENCE, scope: 'mcp:tools' });
    const jwks = createRemoteJWKSet(new URL(as.jwksUri));
    await expect(jwtVerify(tokens.unknown_key, jwks, { issuer: as.issuer, audience: AUDIENCE })).rejects.toBeInstanceOf(
      errors.JWSSignatureVerificationFailed,
    );
    expect(decodeProtectedHeader(tokens.alg_none)).toEqual({ alg: 'none' });
    expect(decodeJwt(tokens.expired).exp).toBeLessThan(Date.now() / 1000);
    expect(tokens.garbage).not.toContain('.');
  });

  it('uses a kid of its own without a hint', async () => {
    const tokens = await craftTokens({ audience: AUDIENCE, issuer: as.issuer });
    expect(decodeProtectedHeader(tokens.expired).kid).toMatch(/^mcptest-posture-/);
  });
});
