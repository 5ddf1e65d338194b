import { runEventsEndpoint } from '@/server/api/endpoints/runs';
import { withApi } from '@/server/api/with-api';
import { runEventsResponse } from '@/server/services/runs/run-events-response';

// A long-lived response: never cached or prerendered.
export const dynamic = 'force-dynamic';

export const GET = withApi(runEventsEndpoint, ({ deps, actor, params, request }) =>
  runEventsResponse(deps, actor, params.id ?? '', request),
);
