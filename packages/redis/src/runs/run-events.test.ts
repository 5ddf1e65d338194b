import { describe, expect, it } from 'vitest';
import { createRedis } from '../redis';
import { useTestRedis } from '../../../../test/redis';
import {
  publishRunEvent,
  publishRunFinishedOnce,
  readRunEvents,
  runEventsKey,
  RUN_EVENTS_FINISHED_TTL_MS,
  RUN_EVENTS_TTL_MS,
  waitForRunFinished,
} from './run-events';

const testRedis = useTestRedis();
const finishedEvent = {
  type: 'run.finished' as const,
  status: 'passed' as const,
  summary: { total: 1, passed: 1, failed: 0, skipped: 0 },
  regressions: 0,
};

describe('run events', () => {
  it('replays from the start, then continues after the last id read, and expires', async () => {
    const { redis, prefix } = testRedis;
    await publishRunEvent(redis, prefix, 'r1', { type: 'run.started', attempt: 1, workerId: 'w' });
    await publishRunEvent(redis, prefix, 'r1', { type: 'assertion.started', key: 'a', name: 'a', trial: 0 });
    const first = await readRunEvents(redis, prefix, 'r1');
    expect(first.map((e) => e.event.type)).toEqual(['run.started', 'assertion.started']);
    await publishRunEvent(redis, prefix, 'r1', finishedEvent);
    const next = await readRunEvents(redis, prefix, 'r1', { after: first.at(-1)!.id });
    expect(next.map((e) => e.event)).toEqual([finishedEvent]);
    const ttl = await redis.pttl(runEventsKey(prefix, 'r1'));
    expect(ttl).toBeGreaterThan(RUN_EVENTS_TTL_MS - 60_000);
  });

  it('publishes run.finished once however often a replay asks; the stream then expires soon, the marker later', async () => {
    const { redis, prefix } = testRedis;
    await publishRunEvent(redis, prefix, 'r-once', { type: 'run.started', attempt: 1, workerId: 'w' });
    const tries = await Promise.all(
      [1, 2, 3].map(() => publishRunFinishedOnce(redis, prefix, 'r-once', finishedEvent)),
    );
    expect(tries.filter(Boolean)).toHaveLength(1);
    expect(await publishRunFinishedOnce(redis, prefix, 'r-once', finishedEvent)).toBe(false);
    const events = await readRunEvents(redis, prefix, 'r-once');
    expect(events.map((e) => e.event)).toEqual([{ type: 'run.started', attempt: 1, workerId: 'w' }, finishedEvent]);
    const ttl = await redis.pttl(`${runEventsKey(prefix, 'r-once').replace(/:events$/, '')}:finished`);
    expect(ttl).toBeGreaterThan(RUN_EVENTS_TTL_MS - 60_000);
    // A finished run's events are read from Postgres: the stream is kept minutes, not a day.
    const streamTtl = await redis.pttl(runEventsKey(prefix, 'r-once'));
    expect(streamTtl).toBeGreaterThan(0);
    expect(streamTtl).toBeLessThanOrEqual(RUN_EVENTS_FINISHED_TTL_MS);
  });

  it('skips entries that are not events instead of failing every reader', async () => {
    const { redis, prefix } = testRedis;
    await redis.xadd(runEventsKey(prefix, 'r2'), '*', 'e', 'not json');
    await redis.xadd(runEventsKey(prefix, 'r2'), '*', 'e', '{"type":"from.the.future"}');
    await publishRunEvent(redis, prefix, 'r2', finishedEvent);
    expect((await readRunEvents(redis, prefix, 'r2')).map((e) => e.event.type)).toEqual(['run.finished']);
  });

  it('waits for run.finished published later, and gives up with null at the timeout', async () => {
    const { prefix } = testRedis;
    const blocking = createRedis({ url: testRedis.url, name: 'events-wait' });
    try {
      const waiting = waitForRunFinished(blocking, prefix, 'r3', 10_000);
      await new Promise((r) => setTimeout(r, 100));
      await publishRunEvent(testRedis.redis, prefix, 'r3', { type: 'run.started', attempt: 1, workerId: 'w' });
      await publishRunEvent(testRedis.redis, prefix, 'r3', finishedEvent);
      expect(await waiting).toEqual(finishedEvent);
      // Already finished: answers at once from the stream's history.
      expect(await waitForRunFinished(blocking, prefix, 'r3', 1_000)).toEqual(finishedEvent);
      const started = Date.now();
      expect(await waitForRunFinished(blocking, prefix, 'never', 300)).toBeNull();
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    } finally {
      blocking.disconnect();
    }
  });
});
