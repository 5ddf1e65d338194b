import { isRecord } from '@mcptest/core';
import { oauthRequest } from '../oauth/oauth-request';
import type { OAuthDiscovery } from '../oauth/oauth-types';
import type { SessionFetch } from '../session';
import type { CraftAlgorithm } from './craft-tokens';

/** The `kid` and algorithm of a signing key the authorization server publishes. */
export interface SigningKeyHint {
  readonly kid: string;
  readonly alg: CraftAlgorithm;
}

/** The algorithm a JWK signs with: its `alg`, else the usual one for its key type. */
function algorithmOf(key: Record<string, unknown>): CraftAlgorithm | undefined {
  const alg = key['alg'];
  if (alg === 'RS256' || alg === 'ES256' || alg === 'PS256' || alg === 'EdDSA') return alg;
  if (alg !== undefined) return undefined;
  if (key['kty'] === 'RSA') return 'RS256';
  if (key['kty'] === 'EC' && key['crv'] === 'P-256') return 'ES256';
  if (key['kty'] === 'OKP' && key['crv'] === 'Ed25519') return 'EdDSA';
  return undefined;
}

/**
 * The first signing key of the authorization server's JWKS (`jwks_uri` of its metadata, fetched through the SSRF-safe
 * fetch), so the crafted JWTs carry a real `kid` and algorithm: then only a signature check refuses the unknown-key
 * token (a verifier that looks the key up by `kid` and stops there, or verifies nothing, accepts it). Undefined when
 * there is none to read; the tokens then carry a `kid` of their own.
 */
export async function signingKeyHint(
  discovery: OAuthDiscovery,
  fetch: SessionFetch,
  timeoutMs: number | undefined,
): Promise<SigningKeyHint | undefined> {
  const jwksUri = discovery.authorizationServer['jwks_uri'];
  if (typeof jwksUri !== 'string' || !URL.canParse(jwksUri)) return undefined;
  try {
    const response = await oauthRequest(
      fetch,
      jwksUri,
      { method: 'GET', headers: { accept: 'application/json' } },
      `the JWKS of ${discovery.issuer} at ${jwksUri}`,
      'discovery_failed',
      timeoutMs,
    );
    if (response.status !== 200) {
      await response.body?.cancel();
      return undefined;
    }
    const body = (await response.json()) as unknown;
    const keys = isRecord(body) && Array.isArray(body['keys']) ? (body['keys'] as unknown[]) : [];
    for (const key of keys) {
      if (!isRecord(key) || typeof key['kid'] !== 'string' || key['use'] === 'enc') continue;
      const alg = algorithmOf(key);
      if (alg !== undefined) return { kid: key['kid'], alg };
    }
  } catch {
    // No hint is no failure: the tokens are crafted with their own kid.
  }
  return undefined;
}
