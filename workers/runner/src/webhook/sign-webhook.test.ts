import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { signWebhook } from './sign-webhook';

const oldSecret = `whsec_${Buffer.from('o'.repeat(24)).toString('base64')}`;
const newSecret = `whsec_${Buffer.from('n'.repeat(24)).toString('base64')}`;

describe('signWebhook', () => {
  it('signs with every secret, space-separated, and each secret alone verifies', () => {
    const now = new Date();
    const body = JSON.stringify({ type: 'run.completed', timestamp: now.toISOString(), data: { run: { id: 'r' } } });
    const signature = signWebhook([newSecret, oldSecret], 'msg_1', now, body);
    expect(signature).toMatch(/^v1,[A-Za-z0-9+/=]+ v1,[A-Za-z0-9+/=]+$/);
    const headers = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': signature,
    };
    expect(new Webhook(oldSecret).verify(body, headers)).toMatchObject({ type: 'run.completed' });
    expect(new Webhook(newSecret).verify(body, headers)).toMatchObject({ type: 'run.completed' });
    const other = `whsec_${Buffer.from('z'.repeat(24)).toString('base64')}`;
    expect(() => new Webhook(other).verify(body, headers)).toThrow(/No matching signature/);
    expect(() => new Webhook(newSecret).verify(`${body} `, headers)).toThrow(/No matching signature/);
  });
});
