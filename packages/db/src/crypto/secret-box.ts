import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { DbError } from '../errors';

/** One AES-256 key with the id stored beside each ciphertext it seals. */
export interface SecretKey {
  id: string;
  key: Uint8Array;
}

/** A sealed secret as stored: the key id column plus `iv (12) | tag (16) | ciphertext` bytes. */
export interface Sealed {
  keyId: string;
  data: Uint8Array<ArrayBuffer>;
}

export interface SecretBox {
  /** Id of the key that seals new secrets (the first of MCPTEST_ENCRYPTION_KEYS). */
  readonly activeKeyId: string;
  /**
   * Seals `plaintext`. `context` is bound as AES-GCM additional data (e.g. `server.headers:<tenantId>`), so a
   * ciphertext copied into another tenant's row or another column does not open.
   */
  seal(plaintext: string, context: string): Sealed;
  open(sealed: Sealed, context: string): string;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** AES-256-GCM with a key ring; the first key seals, every key opens (rotation: docs/security.md). */
export function createSecretBox(keys: readonly SecretKey[]): SecretBox {
  const active = keys[0];
  if (!active) throw new DbError('secret_key_unknown', 'the secret box needs at least one key');
  for (const k of keys) {
    if (k.key.length !== 32) throw new DbError('secret_key_unknown', `key ${k.id} is not 32 bytes`);
  }
  const byId = new Map(keys.map((k) => [k.id, k.key]));
  return {
    activeKeyId: active.id,
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', active.key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const data = new Uint8Array(IV_BYTES + TAG_BYTES + ciphertext.length);
      data.set(iv, 0);
      data.set(cipher.getAuthTag(), IV_BYTES);
      data.set(ciphertext, IV_BYTES + TAG_BYTES);
      return { keyId: active.id, data };
    },
    open(sealed, context) {
      const key = byId.get(sealed.keyId);
      if (!key) {
        throw new DbError(
          'secret_key_unknown',
          `secret was sealed with key "${sealed.keyId}", which is not in MCPTEST_ENCRYPTION_KEYS`,
          { keyId: sealed.keyId },
        );
      }
      if (sealed.data.length < IV_BYTES + TAG_BYTES) throw new DbError('secret_corrupt', 'sealed secret is truncated');
      const bytes = Buffer.from(sealed.data);
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      try {
        return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        // Never echo the bytes: they may be a secret for another context.
        throw new DbError(
          'secret_corrupt',
          'sealed secret failed authentication (wrong key, context, or tampered data)',
        );
      }
    },
  };
}

/** AAD contexts, one per secret-bearing column, so the strings are written once. */
export const secretContext = {
  serverHeaders: (tenantId: string) => `server.headers:${tenantId}`,
  webhookSecret: (tenantId: string) => `webhook.secret:${tenantId}`,
  suiteTriggerSecret: (tenantId: string) => `suite.trigger-secret:${tenantId}`,
  serverAuthorization: (tenantId: string) => `server.authorization:${tenantId}`,
  /** A pending OAuth connect flow in Redis (10 minutes): bound to the tenant and the user who started it. */
  oauthConnectFlow: (tenantId: string, userId: string) => `oauth.connect:${tenantId}:${userId}`,
} as const;
