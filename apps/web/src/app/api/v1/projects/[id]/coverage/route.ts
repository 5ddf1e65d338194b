import { getProjectCoverageEndpoint } from '@/server/api/endpoints/coverage';
import { withApi } from '@/server/api/with-api';
import { getProjectCoverage } from '@/server/services/coverage/get-project-coverage';

export const GET = withApi(getProjectCoverageEndpoint, async ({ deps, actor, params }) => ({
  body: await getProjectCoverage(deps, actor, params.id ?? ''),
}));
