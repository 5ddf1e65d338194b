import { Webhook } from 'standardwebhooks';

/**
 * The `webhook-signature` header of Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` for
 * each secret, space-separated. During a rotation overlap both the new and the previous secret sign, so a receiver
 * holding either one verifies (the standardwebhooks library accepts any matching `v1` entry).
 */
export function signWebhook(secrets: readonly string[], msgId: string, timestamp: Date, body: string): string {
  if (secrets.length === 0) throw new Error('a webhook needs at least one secret to sign with');
  return secrets.map((secret) => new Webhook(secret).sign(msgId, timestamp, body)).join(' ');
}
