import { randomBytes } from 'node:crypto';

/**
 * Random bytes in every secret token mcptest hands out (API tokens, invitation tokens, suite trigger tokens): 256 bits,
 * the figure docs/security.md states. They are stored as plain SHA-256 hashes, which is sound only because guessing one
 * is hopeless; one home for the size keeps every kind of token at it.
 */
export const SECRET_TOKEN_BYTES = 32;

/** A new secret token: `prefix` followed by 32 random bytes in base64url (43 URL-safe characters). */
export function generateSecretToken(prefix = ''): string {
  return `${prefix}${randomBytes(SECRET_TOKEN_BYTES).toString('base64url')}`;
}
