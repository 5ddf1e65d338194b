import { z } from 'zod';
import { redisKey, type Redis } from '../redis';
import { runEventsTag } from '../key-tags';

const Summary = z.object({ total: z.int(), passed: z.int(), failed: z.int(), skipped: z.int() });

/** Progress of one run as the worker publishes it; the web UI streams these and `wait` ends on `run.finished`. */
export const RunEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('run.started'), attempt: z.int(), workerId: z.string() }),
  z.object({ type: z.literal('assertion.started'), key: z.string(), name: z.string(), trial: z.int() }),
  z.object({
    type: z.literal('assertion.finished'),
    key: z.string(),
    name: z.string(),
    trial: z.int(),
    status: z.enum(['PASS', 'FAIL', 'SKIP']),
    detail: z.string(),
    durationMs: z.number(),
    tool: z.string().optional(),
  }),
  z.object({
    type: z.literal('budget.exhausted'),
    scope: z.enum(['run', 'tenant_daily']),
    limit: z.int(),
    /** Absent for tool calls; `requests` when the request allowance ran out. */
    unit: z.literal('requests').optional(),
  }),
  z.object({
    type: z.literal('run.finished'),
    status: z.enum(['passed', 'failed', 'error', 'cancelled']),
    summary: Summary,
    regressions: z.int(),
    error: z.string().optional(),
  }),
]);
export type RunEvent = z.infer<typeof RunEvent>;
export type RunFinishedEvent = Extract<RunEvent, { type: 'run.finished' }>;

/** A run's events stay readable this long after the last one, for a page opened late or a reconnecting client. */
export const RUN_EVENTS_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * Once `run.finished` is in the stream, the stream is kept only this long: a finished run's page, `wait` and the
 * events endpoint read its results from Postgres (the endpoint ends with a `run.finished` made from the row when the
 * stream is gone), so keeping 5 KB of events a run for a day was most of Redis' memory at scale (docs/capacity.md).
 * The finished marker keeps RUN_EVENTS_TTL_MS: it is what makes an outbox replay publish `run.finished` once.
 */
export const RUN_EVENTS_FINISHED_TTL_MS = 10 * 60 * 1000;
/** Enough for a large suite with trials; older events are trimmed (Postgres holds the results anyway). */
const MAX_EVENTS_PER_RUN = 10_000;

/** `<prefix>:{ev:<shard>}:run:<runId>:events`: the run's stream; its shard tag is shared with its finished marker. */
export function runEventsKey(prefix: string, runId: string): string {
  return redisKey(prefix, runEventsTag(runId), 'run', runId, 'events');
}

/**
 * Appends an event to the run's Redis stream. A stream rather than pub/sub: a reader that connects late (the run page,
 * `wait` after the trigger) replays from the start, so there is no window in which an event can be missed.
 */
export async function publishRunEvent(redis: Redis, prefix: string, runId: string, event: RunEvent): Promise<string> {
  const key = runEventsKey(prefix, runId);
  const result = await redis
    .multi()
    .xadd(key, 'MAXLEN', '~', MAX_EVENTS_PER_RUN, '*', 'e', JSON.stringify(event))
    .pexpire(key, RUN_EVENTS_TTL_MS)
    .exec();
  const id = result?.[0]?.[1];
  if (typeof id !== 'string') throw new Error(`could not publish an event of run ${runId}`);
  return id;
}

/** Marks that a run's `run.finished` was published, so a replay (the run outbox) cannot publish it twice. */
function runFinishedMarkerKey(prefix: string, runId: string): string {
  return redisKey(prefix, runEventsTag(runId), 'run', runId, 'finished');
}

/**
 * Appends the run's `run.finished` event unless it was appended already: the marker and the event are written by one
 * script, so a replay after a crash (before or after this call) publishes it exactly once. Returns whether it did.
 */
export async function publishRunFinishedOnce(
  redis: Redis,
  prefix: string,
  runId: string,
  event: RunFinishedEvent,
): Promise<boolean> {
  const added = await redis.eval(
    `if redis.call('SET', KEYS[2], '1', 'NX', 'PX', ARGV[2]) then
       redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[3], '*', 'e', ARGV[1])
       redis.call('PEXPIRE', KEYS[1], ARGV[4])
       return 1
     end
     return 0`,
    2,
    runEventsKey(prefix, runId),
    runFinishedMarkerKey(prefix, runId),
    JSON.stringify(event),
    RUN_EVENTS_TTL_MS,
    MAX_EVENTS_PER_RUN,
    RUN_EVENTS_FINISHED_TTL_MS,
  );
  return added === 1;
}

export interface ReadRunEventsOptions {
  /** Stream id to read after ('0' = from the start). */
  after?: string;
  /** Block up to this long for new events when there are none (needs a connection of its own while blocked). */
  blockMs?: number;
  count?: number;
}

export interface StoredRunEvent {
  id: string;
  event: RunEvent;
}

/** Reads events after `after`. Entries that do not parse are skipped (written by a newer or older worker). */
export async function readRunEvents(
  redis: Redis,
  prefix: string,
  runId: string,
  options: ReadRunEventsOptions = {},
): Promise<StoredRunEvent[]> {
  const key = runEventsKey(prefix, runId);
  const after = options.after ?? '0';
  const count = options.count ?? 500;
  const reply =
    options.blockMs === undefined
      ? await redis.xread('COUNT', count, 'STREAMS', key, after)
      : await redis.xread('COUNT', count, 'BLOCK', options.blockMs, 'STREAMS', key, after);
  return parseRunEventEntries(reply?.[0]?.[1] ?? []);
}

/** Stream entries (`[id, [field, value, ...]]`) as events; entries that do not parse are skipped. */
export function parseRunEventEntries(entries: readonly [string, string[]][]): StoredRunEvent[] {
  const events: StoredRunEvent[] = [];
  for (const [id, fields] of entries) {
    const raw = fields[fields.indexOf('e') + 1];
    if (raw === undefined) continue;
    try {
      const parsed = RunEvent.safeParse(JSON.parse(raw));
      if (parsed.success) events.push({ id, event: parsed.data });
    } catch {
      // Not JSON: skip it rather than break every reader of the run.
    }
  }
  return events;
}

/**
 * Waits until the run's `run.finished` event appears or `timeoutMs` passes (null then). `redis` must be a connection
 * used by nothing else while this runs (XREAD BLOCK holds it). Callers also check Postgres: a run that finished
 * before Redis lost its data has no event to find.
 */
export async function waitForRunFinished(
  redis: Redis,
  prefix: string,
  runId: string,
  timeoutMs: number,
): Promise<RunFinishedEvent | null> {
  const deadline = Date.now() + timeoutMs;
  let after = '0';
  for (;;) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return null;
    const events = await readRunEvents(redis, prefix, runId, { after, blockMs: Math.max(1, remaining) });
    for (const { id, event } of events) {
      after = id;
      if (event.type === 'run.finished') return event;
    }
  }
}
