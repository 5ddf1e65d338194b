import { randomBytes, randomUUID } from 'node:crypto';
import { generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';

/** The algorithms mcptest signs crafted JWTs with: those an authorization server's JWKS commonly names. */
export type CraftAlgorithm = 'RS256' | 'PS256' | 'ES256' | 'EdDSA';

/** What the crafted JWTs claim: the server as audience and, when the metadata names one, its issuer. */
export interface CraftClaims {
  readonly audience: string;
  /** The authorization server's issuer; absent: the server's own origin (a verifier that checks `iss` refuses). */
  readonly issuer: string;
  readonly scope?: string;
  /** The `kid` and algorithm of the authorization server's signing key, when its JWKS could be read. */
  readonly key?: { readonly kid: string; readonly alg: CraftAlgorithm };
}

export interface CraftedTokens {
  readonly garbage: string;
  readonly expired: string;
  readonly alg_none: string;
  readonly unknown_key: string;
}

/** RS256 without a hint: what most authorization servers sign access tokens with. */
const DEFAULT_ALG: CraftAlgorithm = 'RS256';
const CLIENT = 'mcptest-auth-posture';

/**
 * The tokens a resource server must refuse, made here with jose: random text that is no JWT; a JWT that expired an
 * hour ago; an unsigned one (`alg: none`); and a fresh one signed by a key made for this run, which no authorization
 * server publishes, under the `kid` and algorithm of the authorization server's own key when they are known (so only
 * a signature check tells it apart). mcptest holds no authorization server's key, so the expired token is signed by
 * that unknown key too: a server refusing it may refuse it for the signature; one that accepts it checks neither.
 */
export async function craftTokens(claims: CraftClaims): Promise<CraftedTokens> {
  const alg = claims.key?.alg ?? DEFAULT_ALG;
  const { privateKey } = await generateKeyPair(alg);
  const kid = claims.key?.kid ?? `mcptest-posture-${randomUUID()}`;
  const now = Math.floor(Date.now() / 1000);
  const body = {
    jti: randomUUID(),
    sub: CLIENT,
    client_id: CLIENT,
    ...(claims.scope === undefined ? {} : { scope: claims.scope }),
  };
  const signed = (issuedAt: number, expiresAt: number) =>
    new SignJWT(body)
      .setProtectedHeader({ alg, typ: 'at+jwt', kid })
      .setIssuer(claims.issuer)
      .setAudience(claims.audience)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(privateKey);
  return {
    garbage: randomBytes(24).toString('base64url'),
    expired: await signed(now - 2 * 3600, now - 3600),
    alg_none: new UnsecuredJWT(body)
      .setIssuer(claims.issuer)
      .setAudience(claims.audience)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .encode(),
    unknown_key: await signed(now, now + 3600),
  };
}
