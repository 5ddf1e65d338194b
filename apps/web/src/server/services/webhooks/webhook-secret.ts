import { randomBytes } from 'node:crypto';
import { secretContext, type Sealed, type SecretBox } from '@mcptest/db';

/** A new signing secret: `whsec_` + base64 of 24 random bytes (Standard Webhooks' format; 192 bits). */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/** Seals a webhook secret for the tenant's `webhook.secret` column (AES-256-GCM, the tenant bound as AAD). */
export function sealWebhookSecret(box: SecretBox, tenantId: string, secret: string): Sealed {
  return box.seal(secret, secretContext.webhookSecret(tenantId));
}
