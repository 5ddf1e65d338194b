import { runEventShard, runEventsTag } from '../key-tags';
import { isCluster, redisKey, type Redis, type SingleRedis } from '../redis';
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
  /**
   * Opens the hub's one blocking connection (called once, on the first subscription). On Redis Cluster, once per event
   * shard that has listeners (an XREAD may name streams of one slot only; runs spread over RUN_EVENT_SHARDS tags).
   */
  connect: () => Redis;
  /**
   * A connection for short commands: wakes the blocked read when a listener joins (CLIENT UNBLOCK) so its replay starts
   * at once. Without it a new listener waits up to `blockMs`. A Cluster connection here puts the hub in cluster mode.
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
 * The hub of the process. On a single Redis, one reader for every stream; on Redis Cluster (a Cluster `commands`),
 * one reader per event shard, each reading the streams of its shard's slot, created when a listener of that shard
 * first subscribes.
 */
export function createRunEventHub(options: RunEventHubOptions): RunEventHub {
  const commands = options.commands;
  if (commands === undefined || !isCluster(commands)) return createShardReader(options, undefined);
  const readers = new Map<number, RunEventHub>();
  const readerOf = (runId: string): RunEventHub => {
    const shard = runEventShard(runId);
    let reader = readers.get(shard);
    if (!reader) {
      // Any key with the shard's tag hashes to the shard's slot. If Redis cannot say, the reader fails its listeners
      // (onError) and is forgotten, so the next subscription of the shard asks again.
      const slot = commands
        .cluster('KEYSLOT', redisKey(options.prefix, runEventsTag(shard)))
        .then(Number)
        .catch((error: unknown) => {
          if (readers.get(shard) === created) readers.delete(shard);
          throw error;
        });
      const created = createShardReader(options, slot);
      readers.set(shard, (reader = created));
    }
    return reader;
  };
  let closed = false;
  const hub: RunEventHub = {
    subscribe(runId, after, listener) {
      if (closed) throw new Error('the run event hub is closed');
      return readerOf(runId).subscribe(runId, after, listener);
    },
    waitForFinished: (runId, timeoutMs) => readerOf(runId).waitForFinished(runId, timeoutMs),
    listeners: () => [...readers.values()].reduce((n, reader) => n + reader.listeners(), 0),
    close() {
      closed = true;
      for (const reader of readers.values()) reader.close();
      readers.clear();
    },
  };
  return hub;
}

/**
 * The connection of a Cluster client to the primary that serves `slot` now (the one a command on that slot goes
 * through), so CLIENT ID and CLIENT UNBLOCK reach the node where the read blocks.
 */
function nodeOfSlot(cluster: Redis, slot: number): SingleRedis | undefined {
  if (!isCluster(cluster)) return cluster;
  const owner = cluster.slots[slot]?.[0];
  return cluster.nodes('master').find((node) => nodeKey(node) === owner);
}

/** `host:port`, as Cluster's slot table names nodes. */
function nodeKey(node: SingleRedis): string {
  return `${node.options.host}:${node.options.port}`;
}

/**
 * One blocking reader per process for every live run-event stream (the UI's and the API's SSE, and `wait`): a single
 * `XREAD BLOCK` over all the streams that have listeners, fanned out in-process. Before it, each open stream held its
 * own Redis connection, so open streams, not Redis, set the number of connections. A listener joining while the read
 * is blocked wakes it (CLIENT UNBLOCK on the command connection), so its replay does not wait for the block to end.
 */
function createShardReader(options: RunEventHubOptions, clusterSlot: Promise<number> | undefined): RunEventHub {
  const blockMs = options.blockMs ?? 5_000;
  const count = options.count ?? 500;
  const byRun = new Map<string, Set<Subscription>>();
  let connection: Redis | undefined;
  let clientId: Promise<number | undefined> | undefined;
  /** On a cluster: the primary whose client id `clientId` is (a slot that moves to another node needs a new one). */
  let clientNode: SingleRedis | undefined;
  let reading = false;
  let blocked = false;
  let closed = false;
  /** For each run in the read in flight, the position it reads after; a listener behind it needs a wake-up. */
  let inFlight = new Map<string, string>();

  const listenerCount = () => [...byRun.values()].reduce((n, set) => n + set.size, 0);

  const wake = () => {
    const commands = options.commands;
    if (!blocked || !commands || !clientId) return;
    const node = clientNode;
    void Promise.all([clientId, clusterSlot])
      .then(([id, slot]) => {
        if (id === undefined || !blocked) return undefined;
        if (slot === undefined) return commands.client('UNBLOCK', id);
        // On a cluster, unblock on the primary the read blocks on (client ids are per node), if the slot is still there.
        const target = nodeOfSlot(commands, slot);
        if (!target || !node || nodeKey(target) !== nodeKey(node)) return undefined;
        return target.client('UNBLOCK', id);
      })
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
        if (clusterSlot === undefined) {
          clientId ??= conn.client('ID').then(
            (id) => Number(id),
            () => undefined,
          );
        } else {
          // The read goes through the Cluster's connection to the slot's primary: its id is the one to unblock.
          const slot = await clusterSlot;
          if (isCluster(conn) && conn.status !== 'ready') await conn.ping();
          const node = nodeOfSlot(conn, slot);
          if (node !== clientNode || clientId === undefined) {
            clientNode = node;
            clientId = node
              ? node.client('ID').then(
                  (id) => Number(id),
                  () => undefined,
                )
              : Promise.resolve(undefined);
          }
        }
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
