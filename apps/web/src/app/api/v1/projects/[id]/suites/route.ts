import { createSuiteEndpoint, listSuitesEndpoint } from '@/server/api/endpoints/suites';
import { withApi } from '@/server/api/with-api';
import { createSuite } from '@/server/services/suites/create-suite';
import { listSuites } from '@/server/services/suites/list-suites';

export const POST = withApi(createSuiteEndpoint, async ({ deps, actor, params, body }) => ({
  status: 201,
  body: await createSuite(deps, actor, params.id ?? '', body),
}));

export const GET = withApi(listSuitesEndpoint, async ({ deps, actor, params, query }) => ({
  body: await listSuites(deps, actor, params.id ?? '', query),
}));
