import { createHash } from 'node:crypto';
import { generateSecretToken } from './generate-secret-token';

/** All API tokens start with this, so secret scanners and humans recognise them. */
export const API_TOKEN_PREFIX = 'mcpt_';

/** sha256 hex: tokens are high-entropy random strings, so a fast unsalted hash is enough and allows lookup by hash. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new API token: the secret (shown once), its hash (stored) and its visible prefix (stored, shown in lists). */
export function generateApiToken(): { token: string; tokenHash: string; prefix: string } {
  const token = generateSecretToken(API_TOKEN_PREFIX);
  return { token, tokenHash: hashToken(token), prefix: token.slice(0, API_TOKEN_PREFIX.length + 6) };
}
