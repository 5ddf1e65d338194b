import { redeliverEndpoint } from '@/server/api/endpoints/webhooks';
import { withApi } from '@/server/api/with-api';
import { redeliverDelivery } from '@/server/services/webhooks/redeliver-delivery';

export const POST = withApi(redeliverEndpoint, async ({ deps, actor, params }) => ({
  status: 202,
  body: await redeliverDelivery(deps, actor, params.id ?? '', params.deliveryId ?? ''),
}));
