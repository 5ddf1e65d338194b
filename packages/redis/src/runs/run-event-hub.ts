import type { Redis } from '../redis';
import { parseRunEventEntries, runEventsKey, type RunFinishedEvent, type StoredRunEvent } from './run-events';

/** One reader of one run's events. */
export interface RunEventListener {
  /** Events after the listener's position, in order (the first call replays what was published before). */
  onEvents(events: StoredRunEvent[]): void;
  /** The hub's connection failed: the listener is dropped and hears nothing more. */
  onError(error: Error): void;
}

export interface RunEventHub {
  /**
   * Delivers the run's events after `after` ('0' = from the start) to the listener until the returned function is
   * called. Opens no connection: every listener of the process shares the hub's one.
   */
  subscribe(runId: string, after: string, listener: RunEventListener): () => void;
  /** Resolves with the run's `run.finished` event, or null after `timeoutMs` (the API's `wait`). */
  waitForFinished(runId: string, timeoutMs: number): Promise<RunFinishedEvent | null>;
  /** Listeners subscribed now. */
  listeners(): number;
  /** Drops every listener and closes the hub's connection. */
  close(): void;
}

export interface RunEventHubOptions {
  prefix: string;
  /** Opens the hub's one blocking connection (called once, on the first subscription). */
  connect: () => Redis;
  /**
   * A connection for short commands: wakes the blocked read when a listener joins (CLIENT UNBLOCK) so its replay starts
   * at once. Without it a new listener waits up to `blockMs`.
   */
  commands?: Redis;
  /** Longest single blocking read (default 5 s); also how late a new listener may start without `commands`. */
  blockMs?: number;
  /** Entries read per stream and round trip (default 500). */
  count?: number;
}

interface Subscription {
  after: string;
  listener: RunEventListener;
}

/** Stream ids are `<ms>-<seq>`; compared as numbers, not strings ('10-0' > '9-0'). */
export function compareStreamIds(a: string, b: string): number {
  const [am = 0n, as = 0n] = a.split('-').map((p) => BigInt(p));
  const [bm = 0n, bs = 0n] = b.split('-').map((p) => BigInt(p));
  if (am !== bm) return am < bm ? -1 : 1;
  if (as !== bs) return as < bs ? -1 : 1;
  return 0;
}

const STREAM_ID = /^\d+(-\d+)?$/;

/**
 * One blocking reader per process for every live run-event stream (the UI's and the API's SSE, and `wait`): a single
 * `XREAD BLOCK` over all the streams that have listeners, fanned out in-process. Before it, each open stream held its
 * own Redis connection, so open streams, not Redis, set the number of connections. A listener joining while the read
 * is blocked wakes it (CLIENT UNBLOCK on the command connection), so its replay does not wait for the block to end.
 */
export function createRunEventHub(options: RunEventHubOptions): RunEventHub {
  const blockMs = options.blockMs ?? 5_000;
  const count = options.count ?? 500;
  const byRun = new Map<string, Set<Subscription>>();
  let connection: Redis | undefined;
  let clientId: Promise<number | undefined> | undefined;
  let reading = false;
  let blocked = false;
  let closed = false;
  /** For each run in the read in flight, the position it reads after; a listener behind it needs a wake-up. */
  let inFlight = new Map<string, string>();

  const listenerCount = () => [...byRun.values()].reduce((n, set) => n + set.size, 0);

  const wake = () => {
    if (!blocked || !options.commands || !clientId) return;
    void clientId
      .then((id) => (id === undefined || !blocked ? undefined : options.commands!.client('UNBLOCK', id)))
      .catch(() => {
        // The read ends at its timeout instead.
      });
  };

  const dropAll = (error: Error) => {
    const subscriptions = [...byRun.values()].flatMap((set) => [...set]);
    byRun.clear();
    for (const s of subscriptions) s.listener.onError(error);
  };

  const loop = async () => {
    if (reading || closed) return;
    reading = true;
    try {
      while (!closed && byRun.size > 0) {
        connection ??= options.connect();
        const conn = connection;
        clientId ??= conn.client('ID').then(
          (id) => Number(id),
          () => undefined,
        );
        await clientId;
        // Each run is read after its furthest-behind listener; listeners ahead of it skip what they already have.
        const positions = new Map<string, string>();
        for (const [runId, set] of byRun) {
          let min: string | undefined;
          for (const s of set) if (min === undefined || compareStreamIds(s.after, min) < 0) min = s.after;
          if (min !== undefined) positions.set(runId, min);
        }
        const runIds = [...positions.keys()];
        inFlight = positions;
        blocked = true;
        let reply: [string, [string, string[]][]][] | null;
        try {
          reply = (await conn.xread(
            'COUNT',
            count,
            'BLOCK',
            blockMs,
            'STREAMS',
            ...runIds.map((id) => runEventsKey(options.prefix, id)),
            ...runIds.map((id) => positions.get(id)!),
          )) as [string, [string, string[]][]][] | null;
        } finally {
          blocked = false;
          inFlight = new Map();
        }
        for (const [key, entries] of reply ?? []) {
          const runId = runIds.find((id) => runEventsKey(options.prefix, id) === key);
          const set = runId === undefined ? undefined : byRun.get(runId);
          if (!set || entries.length === 0) continue;
          const events = parseRunEventEntries(entries);
          const lastId = entries.at(-1)![0];
          for (const s of [...set]) {
            const fresh = events.filter((e) => compareStreamIds(e.id, s.after) > 0);
            // Entries that did not parse still move the position, so they are not read again.
            if (compareStreamIds(lastId, s.after) > 0) s.after = lastId;
            if (fresh.length > 0) s.listener.onEvents(fresh);
          }
        }
      }
    } catch (error) {
      if (!closed) dropAll(error instanceof Error ? error : new Error(String(error)));
    } finally {
      reading = false;
    }
  };

  const hub: RunEventHub = {
    subscribe(runId, after, listener) {
      if (closed) throw new Error('the run event hub is closed');
      const subscription: Subscription = { after: STREAM_ID.test(after) ? after : '0', listener };
      let set = byRun.get(runId);
      if (!set) byRun.set(runId, (set = new Set()));
      set.add(subscription);
      const position = inFlight.get(runId);
      if (position === undefined || compareStreamIds(subscription.after, position) < 0) wake();
      void loop();
      return () => {
        set.delete(subscription);
        if (set.size === 0 && byRun.get(runId) === set) byRun.delete(runId);
      };
    },

    waitForFinished(runId, timeoutMs) {
      return new Promise((resolve) => {
        let unsubscribe = () => {};
        const timer = setTimeout(() => {
          unsubscribe();
          resolve(null);
        }, timeoutMs);
        const finish = (value: RunFinishedEvent | null) => {
          clearTimeout(timer);
          unsubscribe();
          resolve(value);
        };
        unsubscribe = hub.subscribe(runId, '0', {
          onEvents: (events) => {
            const finished = events.find((e) => e.event.type === 'run.finished');
            if (finished) finish(finished.event as RunFinishedEvent);
          },
          // The caller reads Postgres afterwards, which holds the final state.
          onError: () => finish(null),
        });
      });
    },

    listeners: listenerCount,

    close() {
      closed = true;
      byRun.clear();
      connection?.disconnect();
      connection = undefined;
    },
  };
  return hub;
}
