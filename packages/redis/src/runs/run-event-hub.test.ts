// The run event hub against real Redis: many listeners, one connection.
import { afterAll, describe, expect, it } from 'vitest';
import { useTestRedis } from '../../../../test/redis';
import { runEventShard } from '../key-tags';
import { createRedis, isCluster, type Redis } from '../redis';
import { compareStreamIds, createRunEventHub, type RunEventHub } from './run-event-hub';
import { publishRunEvent, type RunEvent, type StoredRunEvent } from './run-events';

const testRedis = useTestRedis();
const hubs: RunEventHub[] = [];
afterAll(() => {
  for (const hub of hubs) hub.close();
});

const started = (n: number): RunEvent => ({ type: 'assertion.started', key: `a${n}`, name: `a${n}`, trial: 0 });
const finished: RunEvent = {
  type: 'run.finished',
  status: 'passed',
  summary: { total: 1, passed: 1, failed: 0, skipped: 0 },
  regressions: 0,
};

/** A hub whose connections are counted; a long block, so a test passes only if joining listeners wake it. */
function countedHub(): { hub: RunEventHub; connections: Redis[] } {
  const connections: Redis[] = [];
  const hub = createRunEventHub({
    prefix: testRedis.prefix,
    commands: testRedis.redis,
    blockMs: 60_000,
    connect: () => {
      const connection = createRedis({ url: testRedis.url, name: 'hub-test' });
      connections.push(connection);
      return connection;
    },
  });
  hubs.push(hub);
  return { hub, connections };
}

/** Collects what a listener receives; `until(n)` resolves once it has n events. */
function collector() {
  const got: StoredRunEvent[] = [];
  let waiters: (() => void)[] = [];
  return {
    got,
    listener: {
      onEvents(events: StoredRunEvent[]) {
        got.push(...events);
        const ready = waiters;
        waiters = [];
        for (const w of ready) w();
      },
      onError(error: Error) {
        throw error;
      },
    },
    async until(n: number) {
      while (got.length < n) await new Promise<void>((resolve) => waiters.push(resolve));
    },
  };
}

describe('run event hub', () => {
  it('fans out replay and live events of many runs to many listeners over one connection', async () => {
    const { redis, prefix } = testRedis;
    const { hub, connections } = countedHub();
    await publishRunEvent(redis, prefix, 'h1', started(1));
    await publishRunEvent(redis, prefix, 'h2', started(1));

    const listeners = Array.from({ length: 50 }, (_, i) => ({ run: i % 2 === 0 ? 'h1' : 'h2', c: collector() }));
    const stops = listeners.map(({ run, c }) => hub.subscribe(run, '0', c.listener));
    await Promise.all(listeners.map(({ c }) => c.until(1)));
    expect(hub.listeners()).toBe(50);

    await publishRunEvent(redis, prefix, 'h1', started(2));
    await publishRunEvent(redis, prefix, 'h2', finished);
    await Promise.all(listeners.map(({ c }) => c.until(2)));
    for (const { run, c } of listeners) {
      expect(c.got.map((e) => e.event)).toEqual([started(1), run === 'h1' ? started(2) : finished]);
    }
    // A listener joining late, from a position, gets only what came after it (and at once: the read was woken).
    const late = collector();
    const first = listeners[0]!.c.got[0]!.id;
    const stopLate = hub.subscribe('h1', first, late.listener);
    await late.until(1);
    expect(late.got.map((e) => e.event)).toEqual([started(2)]);

    for (const stop of [...stops, stopLate]) stop();
    expect(hub.listeners()).toBe(0);
    // One connection; on a cluster, one per event shard that has listeners (an XREAD reads one slot).
    const shards = new Set(['h1', 'h2'].map(runEventShard)).size;
    expect(connections).toHaveLength(isCluster(testRedis.redis) ? shards : 1);
  });

  it('stops delivering to a listener that left, and waits for run.finished or gives up', async () => {
    const { redis, prefix } = testRedis;
    const { hub } = countedHub();
    const gone = collector();
    const stay = collector();
    const stop = hub.subscribe('h3', '0', gone.listener);
    hub.subscribe('h3', '0', stay.listener);
    await publishRunEvent(redis, prefix, 'h3', started(1));
    await Promise.all([gone.until(1), stay.until(1)]);
    stop();
    const waiting = hub.waitForFinished('h3', 30_000);
    await publishRunEvent(redis, prefix, 'h3', started(2));
    await publishRunEvent(redis, prefix, 'h3', finished);
    expect(await waiting).toEqual(finished);
    await stay.until(3);
    expect(gone.got).toHaveLength(1);
    expect(await hub.waitForFinished('h-never', 200)).toBeNull();
  });

  it('compares stream ids as numbers', () => {
    expect(compareStreamIds('10-0', '9-0')).toBe(1);
    expect(compareStreamIds('5-10', '5-9')).toBe(1);
    expect(compareStreamIds('0', '1-0')).toBe(-1);
    expect(compareStreamIds('7-1', '7-1')).toBe(0);
  });
});
