import { streamRunEvents } from '@/server/services/runs/stream-run-events';
import { orgRoute } from '@/app/o/[org]/runs/[runId]/org-route';

// A long-lived response: never cached or prerendered.
export const dynamic = 'force-dynamic';

/** The run page's live progress: the REST event stream (same service), authorized by the session. EventSource sends
 * Last-Event-ID when it reconnects, so a dropped connection resumes where it stopped. */
export const GET = orgRoute<{ org: string; runId: string }>('VIEWER', async ({ deps, actor, params, request }) => {
  const stream = await streamRunEvents(
    deps,
    actor,
    params.runId,
    request.headers.get('last-event-id') ?? undefined,
    request.signal,
  );
  return new Response(stream, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    },
  });
});
