import { deleteWebhookEndpoint, getWebhookEndpoint, updateWebhookEndpoint } from '@/server/api/endpoints/webhooks';
import { withApi } from '@/server/api/with-api';
import { deleteWebhook } from '@/server/services/webhooks/delete-webhook';
import { getWebhook } from '@/server/services/webhooks/get-webhook';
import { updateWebhook } from '@/server/services/webhooks/update-webhook';

export const GET = withApi(getWebhookEndpoint, async ({ deps, actor, params }) => ({
  body: await getWebhook(deps, actor, params.id ?? ''),
}));

export const PATCH = withApi(updateWebhookEndpoint, async ({ deps, actor, params, body }) => ({
  body: await updateWebhook(deps, actor, params.id ?? '', body),
}));

export const DELETE = withApi(deleteWebhookEndpoint, async ({ deps, actor, params }) => {
  await deleteWebhook(deps, actor, params.id ?? '');
  return { status: 204 };
});
