import { listRunsEndpoint } from '@/server/api/endpoints/runs';
import { withApi } from '@/server/api/with-api';
import { listRuns } from '@/server/services/runs/list-runs';

export const GET = withApi(listRunsEndpoint, async ({ deps, actor, query }) => ({
  body: await listRuns(deps, actor, query),
}));
