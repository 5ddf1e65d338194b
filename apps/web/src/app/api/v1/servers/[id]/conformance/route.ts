import { getServerConformanceEndpoint, runConformanceEndpoint } from '@/server/api/endpoints/conformance';
import { readIdempotencyKey } from '@/server/api/idempotency-key';
import { withApi } from '@/server/api/with-api';
import { listServerConformance } from '@/server/services/conformance/list-server-conformance';
import { runConformance } from '@/server/services/conformance/run-conformance';

export const GET = withApi(getServerConformanceEndpoint, async ({ deps, actor, params }) => ({
  body: await listServerConformance(deps, actor, params.id ?? ''),
}));

export const POST = withApi(runConformanceEndpoint, async ({ deps, actor, params, body, request }) => {
  const key = readIdempotencyKey(request);
  const outcome = await runConformance(deps, actor, params.id ?? '', body, {
    trigger: 'API',
    ...(key ? { idempotencyKey: key } : {}),
  });
  if (outcome.finished) return { status: 200, body: outcome.run };
  return {
    status: 202,
    body: {
      id: outcome.id,
      status: outcome.status,
      url: outcome.url,
      suiteId: outcome.suiteId,
      suiteCreated: outcome.suiteCreated,
    },
    headers: { location: `/api/v1/runs/${outcome.id}` },
  };
});
