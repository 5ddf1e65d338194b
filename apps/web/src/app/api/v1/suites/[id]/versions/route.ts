import { listSuiteVersionsEndpoint } from '@/server/api/endpoints/suites';
import { withApi } from '@/server/api/with-api';
import { listSuiteVersions } from '@/server/services/suites/list-suite-versions';

export const GET = withApi(listSuiteVersionsEndpoint, async ({ deps, actor, params }) => ({
  body: await listSuiteVersions(deps, actor, params.id ?? ''),
}));
