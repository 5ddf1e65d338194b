import { triggerRunEndpoint } from '@/server/api/endpoints/runs';
import { readIdempotencyKey } from '@/server/api/idempotency-key';
import { withApi } from '@/server/api/with-api';
import { apiRunTrigger } from '@/server/services/runs/api-run-trigger';
import { triggerRun } from '@/server/services/runs/trigger-run';

export const POST = withApi(triggerRunEndpoint, async ({ deps, actor, params, body, request }) => {
  const key = readIdempotencyKey(request);
  const outcome = await triggerRun(deps, actor, params.id ?? '', body, {
    trigger: apiRunTrigger(body),
    ...(key ? { idempotencyKey: key } : {}),
  });
  if (outcome.finished) return { status: 200, body: outcome.run };
  return {
    status: 202,
    body: { id: outcome.id, status: outcome.status, url: outcome.url },
    headers: { location: `/api/v1/runs/${outcome.id}` },
  };
});
