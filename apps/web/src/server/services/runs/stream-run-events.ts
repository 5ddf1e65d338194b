import type { StoredRunEvent } from '@mcptest/redis';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { getRunRowOrThrow } from './get-run';

const FINAL = new Set(['PASSED', 'FAILED', 'ERROR', 'CANCELLED']);
/** A comment line every so often keeps proxies from closing an idle stream. */
const KEEPALIVE_MS = 15_000;
/** How often a stream with no news asks Postgres whether the run ended without (or before) events in Redis. */
const POSTGRES_CHECK_MS = 2_000;

/**
 * The run's events as a server-sent event stream (`id`, `event`, `data` per event), replayed from the start or from
 * `lastEventId`, live until `run.finished`. If the run already ended and its events are gone (Redis lost them), one
 * synthetic `run.finished` from Postgres ends the stream so clients never hang.
 *
 * Every stream of the process listens through the one run event hub (one Redis connection), and each takes a slot of
 * its user's and tenant's cap first: past it the request is refused with 429 before anything is opened.
 */
export async function streamRunEvents(
  deps: ServiceDeps,
  actor: Actor,
  runId: string,
  lastEventId: string | undefined,
  signal: AbortSignal,
): Promise<ReadableStream<Uint8Array>> {
  await getRunRowOrThrow(deps, actor, runId);
  const release = deps.eventStreams.acquire(actor);
  const encoder = new TextEncoder();
  const after = lastEventId && /^\d+-\d+$/.test(lastEventId) ? lastEventId : '0';
  let closed = false;
  let unsubscribe = () => {};
  let timer: NodeJS.Timeout | undefined;
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(timer);
    unsubscribe();
    release();
  };
  signal.addEventListener('abort', close, { once: true });

  return new ReadableStream<Uint8Array>({
    start(controller) {
      let lastWrite = Date.now();
      const send = (text: string) => {
        if (closed) return;
        controller.enqueue(encoder.encode(text));
        lastWrite = Date.now();
      };
      const end = () => {
        if (closed) return;
        close();
        controller.close();
      };
      const fail = (error: Error) => {
        if (closed) return;
        close();
        controller.error(error);
      };
      let sawEvents = false;
      const onEvents = (events: StoredRunEvent[]) => {
        sawEvents = true;
        for (const { id, event } of events) {
          send(`id: ${id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
          if (event.type === 'run.finished') return end();
        }
      };
      // Nothing new for a while: the run may have ended without (or before) events in Redis.
      const check = async () => {
        if (sawEvents) {
          sawEvents = false;
          return;
        }
        const run = await deps.db.tenant(actor.tenantId).run.findFirst({ where: { id: runId } });
        if (closed) return;
        if (!run || FINAL.has(run.status)) {
          const data = {
            type: 'run.finished',
            status: (run?.status ?? 'ERROR').toLowerCase(),
            summary: {
              total: run?.total ?? 0,
              passed: run?.passed ?? 0,
              failed: run?.failed ?? 0,
              skipped: run?.skipped ?? 0,
            },
            regressions: Array.isArray(run?.regressions) ? run.regressions.length : 0,
            ...(run?.error ? { error: run.error } : {}),
          };
          send(`event: run.finished\ndata: ${JSON.stringify(data)}\n\n`);
          end();
          return;
        }
        if (Date.now() - lastWrite >= KEEPALIVE_MS) send(': keepalive\n\n');
      };
      timer = setInterval(() => {
        check().catch((error: unknown) => fail(error instanceof Error ? error : new Error(String(error))));
      }, POSTGRES_CHECK_MS);
      unsubscribe = deps.runEvents.subscribe(runId, after, { onEvents, onError: fail });
      if (closed) unsubscribe();
    },
    cancel() {
      close();
    },
  });
}
