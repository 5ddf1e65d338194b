import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { streamRunEvents } from './stream-run-events';

/**
 * The run's event stream as an HTTP response, for the REST route (token) and the run page's route (session) alike.
 * EventSource sends Last-Event-ID when it reconnects, so a dropped connection resumes where it stopped; the headers
 * keep proxies from caching or buffering the stream (`x-accel-buffering` is nginx's).
 */
export async function runEventsResponse(
  deps: ServiceDeps,
  actor: Actor,
  runId: string,
  request: Request,
): Promise<Response> {
  const stream = await streamRunEvents(
    deps,
    actor,
    runId,
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
}
