import { getServerCoverageEndpoint } from '@/server/api/endpoints/coverage';
import { withApi } from '@/server/api/with-api';
import { getServerCoverage } from '@/server/services/coverage/get-server-coverage';

export const GET = withApi(getServerCoverageEndpoint, async ({ deps, actor, params, query }) => ({
  body: await getServerCoverage(deps, actor, params.id ?? '', query),
}));
