import { runEventsResponse } from '@/server/services/runs/run-events-response';
import { orgRoute } from '@/app/o/[org]/runs/[runId]/org-route';

// A long-lived response: never cached or prerendered.
export const dynamic = 'force-dynamic';

/** The run page's live progress: the REST event stream (same service), authorized by the session. */
export const GET = orgRoute<{ org: string; runId: string }>('VIEWER', ({ deps, actor, params, request }) =>
  runEventsResponse(deps, actor, params.runId, request),
);
