import { runEventsEndpoint } from '@/server/api/endpoints/runs';
import { withApi } from '@/server/api/with-api';
import { streamRunEvents } from '@/server/services/runs/stream-run-events';

// A long-lived response: never cached or prerendered.
export const dynamic = 'force-dynamic';

export const GET = withApi(runEventsEndpoint, async ({ deps, actor, params, request }) => {
  const stream = await streamRunEvents(
    deps,
    actor,
    params.id ?? '',
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
