import { sendWebhookTestEventEndpoint } from '@/server/api/endpoints/webhooks';
import { withApi } from '@/server/api/with-api';
import { sendTestEvent } from '@/server/services/webhooks/send-test-event';

export const POST = withApi(sendWebhookTestEventEndpoint, async ({ deps, actor, params }) => ({
  status: 202,
  body: await sendTestEvent(deps, actor, params.id ?? ''),
}));
