import { cancelRunEndpoint } from '@/server/api/endpoints/runs';
import { withApi } from '@/server/api/with-api';
import { cancelRunRequest } from '@/server/services/runs/cancel-run';

export const POST = withApi(cancelRunEndpoint, async ({ deps, actor, params }) => ({
  status: 202,
  body: await cancelRunRequest(deps, actor, params.id ?? ''),
}));
