import { rotateWebhookSecretEndpoint } from '@/server/api/endpoints/webhooks';
import { withApi } from '@/server/api/with-api';
import { rotateWebhookSecret } from '@/server/services/webhooks/rotate-webhook-secret';

export const POST = withApi(rotateWebhookSecretEndpoint, async ({ deps, actor, params }) => ({
  body: await rotateWebhookSecret(deps, actor, params.id ?? ''),
}));
