import { getServerAuthPostureEndpoint, runAuthPostureEndpoint } from '@/server/api/endpoints/auth-posture';
import { readIdempotencyKey } from '@/server/api/idempotency-key';
import { withApi } from '@/server/api/with-api';
import { getServerAuthPosture } from '@/server/services/auth-posture/get-server-auth-posture';
import { runAuthPosture } from '@/server/services/auth-posture/run-auth-posture';

export const GET = withApi(getServerAuthPostureEndpoint, async ({ deps, actor, params }) => ({
  body: await getServerAuthPosture(deps, actor, params.id ?? ''),
}));

export const POST = withApi(runAuthPostureEndpoint, async ({ deps, actor, params, body, request }) => {
  const key = readIdempotencyKey(request);
  const outcome = await runAuthPosture(deps, actor, params.id ?? '', body, {
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
