import { readRunEvents } from '@mcptest/queue';
import type { Actor, ServiceDeps } from '../service-deps';
import { getRunRowOrThrow } from './get-run';

const FINAL = new Set(['PASSED', 'FAILED', 'ERROR', 'CANCELLED']);
/** A comment line every so often keeps proxies from closing an idle stream. */
const KEEPALIVE_MS = 15_000;

/**
 * The run's events as a server-sent event stream (`id`, `event`, `data` per event), replayed from the start or from
 * `lastEventId`, live until `run.finished`. If the run already ended and its events are gone (Redis lost them), one
 * synthetic `run.finished` from Postgres ends the stream so clients never hang.
 */
export async function streamRunEvents(
  deps: ServiceDeps,
  actor: Actor,
  runId: string,
  lastEventId: string | undefined,
  signal: AbortSignal,
): Promise<ReadableStream<Uint8Array>> {
  await getRunRowOrThrow(deps, actor, runId);
  const encoder = new TextEncoder();
  const blocking = deps.blockingRedis();
  let after = lastEventId && /^\d+-\d+$/.test(lastEventId) ? lastEventId : '0';
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    blocking.disconnect();
  };
  signal.addEventListener('abort', close, { once: true });
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        let lastWrite = Date.now();
        while (!closed) {
          const events = await readRunEvents(blocking, deps.prefix, runId, { after, blockMs: 2_000 });
          for (const { id, event } of events) {
            after = id;
            controller.enqueue(encoder.encode(`id: ${id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`));
            if (event.type === 'run.finished') {
              close();
              controller.close();
              return;
            }
          }
          if (events.length > 0) return;
          // Nothing new: the run may have ended without (or before) events in Redis.
          const run = await deps.db.tenant(actor.tenantId).run.findFirst({ where: { id: runId } });
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
            controller.enqueue(encoder.encode(`event: run.finished\ndata: ${JSON.stringify(data)}\n\n`));
            close();
            controller.close();
            return;
          }
          if (Date.now() - lastWrite >= KEEPALIVE_MS) {
            controller.enqueue(encoder.encode(': keepalive\n\n'));
            lastWrite = Date.now();
            return;
          }
        }
      } catch (error) {
        close();
        controller.error(error);
      }
    },
    cancel() {
      close();
    },
  });
}
