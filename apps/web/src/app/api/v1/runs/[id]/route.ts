import { getRunEndpoint } from '@/server/api/endpoints/runs';
import { withApi } from '@/server/api/with-api';
import { getRun } from '@/server/services/runs/get-run';

export const GET = withApi(getRunEndpoint, async ({ deps, actor, params }) => ({
  body: await getRun(deps, actor, params.id ?? ''),
}));
