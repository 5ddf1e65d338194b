import { createWebhookEndpoint, listWebhooksEndpoint } from '@/server/api/endpoints/webhooks';
import { withApi } from '@/server/api/with-api';
import { createWebhook } from '@/server/services/webhooks/create-webhook';
import { listWebhooks } from '@/server/services/webhooks/list-webhooks';

export const POST = withApi(createWebhookEndpoint, async ({ deps, actor, params, body }) => ({
  status: 201,
  body: await createWebhook(deps, actor, params.id ?? '', body),
}));

export const GET = withApi(listWebhooksEndpoint, async ({ deps, actor, params }) => ({
  body: await listWebhooks(deps, actor, params.id ?? ''),
}));
