import { createTriggerUrlEndpoint } from '@/server/api/endpoints/suites';
import { withApi } from '@/server/api/with-api';
import { createTriggerUrl } from '@/server/services/suites/create-trigger-url';

export const POST = withApi(createTriggerUrlEndpoint, async ({ deps, actor, params, body }) => ({
  status: 201,
  body: await createTriggerUrl(deps, actor, params.id ?? '', body),
}));
