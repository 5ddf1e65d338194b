import { deleteSuiteEndpoint, getSuiteEndpoint, updateSuiteEndpoint } from '@/server/api/endpoints/suites';
import { withApi } from '@/server/api/with-api';
import { deleteSuite } from '@/server/services/suites/delete-suite';
import { getSuiteOrThrow } from '@/server/services/suites/get-suite-or-throw';
import { toSuiteResource } from '@/server/services/suites/suite-resource';
import { updateSuite } from '@/server/services/suites/update-suite';

export const GET = withApi(getSuiteEndpoint, async ({ deps, actor, params }) => ({
  body: toSuiteResource(await getSuiteOrThrow(deps, actor, params.id ?? ''), deps.appUrl, deps.now()),
}));

export const PATCH = withApi(updateSuiteEndpoint, async ({ deps, actor, params, body }) => ({
  body: await updateSuite(deps, actor, params.id ?? '', body),
}));

export const DELETE = withApi(deleteSuiteEndpoint, async ({ deps, actor, params }) => {
  await deleteSuite(deps, actor, params.id ?? '');
  return { status: 204 };
});
