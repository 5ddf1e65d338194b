import { listDeliveriesEndpoint } from '@/server/api/endpoints/webhooks';
import { withApi } from '@/server/api/with-api';
import { listDeliveries } from '@/server/services/webhooks/list-deliveries';

export const GET = withApi(listDeliveriesEndpoint, async ({ deps, actor, params, query }) => ({
  body: await listDeliveries(deps, actor, params.id ?? '', query),
}));
