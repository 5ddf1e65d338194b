import { ApiError } from '@/server/api/api-error';
import { getSuiteVersionEndpoint } from '@/server/api/endpoints/suites';
import { withApi } from '@/server/api/with-api';
import { getSuiteVersion } from '@/server/services/suites/list-suite-versions';

export const GET = withApi(getSuiteVersionEndpoint, async ({ deps, actor, params }) => {
  const version = Number(params.version);
  if (!Number.isInteger(version) || version < 1) throw new ApiError('not_found', 'no such version');
  return { body: await getSuiteVersion(deps, actor, params.id ?? '', version) };
});
