// The politeness gate on its own, over real Redis, with three connections standing for three worker processes. How the
// SSRF-safe fetch holds a slot for the life of a response body and keys it on the address it connects to is proved
// with real HTTP in workers/runner/src/outbound/polite-safe-fetch.test.ts.
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OutboundGate, OutboundRequest } from '@mcptest/core';
import { useTestRedis } from '../../../../test/redis';
import { createRedis, redisKey, type Redis } from '../redis';
import { hostSlotsKey } from './acquire-host-slot';
import { createPolitenessGate, type PolitenessOptions, type PolitenessWaitEvent } from './create-politeness-gate';
import { PolitenessRefusedError } from './politeness-refused-error';

const testRedis = useTestRedis();
const workers: Redis[] = [];
let caseSeq = 0;

beforeAll(() => {
  for (let i = 0; i < 3; i += 1) workers.push(createRedis({ url: testRedis.url, name: `politeness-worker-${i}` }));
});
afterAll(() => {
  for (const redis of workers) redis.disconnect();
});

/** A request to `host` whose connection goes to `address`. */
const to = (address: string, host = address, extra: Partial<OutboundRequest> = {}): OutboundRequest => ({
  host,
  address,
  method: 'POST',
  accept: 'application/json, text/event-stream',
  ...extra,
});

/** A limiter namespace of its own for each test (under the file's prefix), and the events it reports. */
function setup(options: Omit<PolitenessOptions, 'redis' | 'prefix' | 'onWait'>) {
  const prefix = redisKey(testRedis.prefix, 'case', (caseSeq += 1));
  const events: PolitenessWaitEvent[] = [];
  const make = (client: Redis): OutboundGate =>
    createPolitenessGate({ ...options, redis: client, prefix, onWait: (event) => events.push(event) });
  const slotsHeld = (address: string) => testRedis.redis.zcard(hostSlotsKey(prefix, address));
  return { gate: make(testRedis.redis), make, events, prefix, slotsHeld };
}

describe('createPolitenessGate', () => {
  it('never lets 3 workers hold more than 3 slots for one address, and admits all 40', async () => {
    const { make, slotsHeld } = setup({ maxInFlightPerHost: 3, requestsPerSecondPerHost: 1000, maxWaitMs: 15_000 });
    const gates = workers.map(make);
    let held = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const release = await gates[i % 3]!(to('10.0.0.7', 'api.example'), undefined);
        held += 1;
        peak = Math.max(peak, held);
        await delay(20);
        held -= 1;
        release();
      }),
    );
    expect(peak).toBe(3);
    await vi.waitFor(async () => expect(await slotsHeld('10.0.0.7')).toBe(0));
  });

  it('starts no more than 10 requests per second per address across workers, and admits all 25', async () => {
    const { make, events } = setup({ maxInFlightPerHost: 100, requestsPerSecondPerHost: 10, maxWaitMs: 10_000 });
    const gates = workers.map(make);
    const admitted: number[] = [];
    await Promise.all(
      Array.from({ length: 25 }, async (_, i) => {
        const release = await gates[i % 3]!(to('10.0.0.8'), undefined);
        admitted.push(performance.now());
        release();
      }),
    );
    expect(admitted).toHaveLength(25);
    expect(events.filter((e) => e.limit === 'rate' && e.outcome === 'proceeded')).toHaveLength(15);
    // Shortest time holding 11 consecutive admissions; at 10 per window it must be about a second or more (the window
    // is counted on Redis's clock, so allow 150 ms for admissions of one window reaching their callers apart).
    const sorted = [...admitted].sort((a, b) => a - b);
    expect(Math.min(...sorted.slice(10).map((at, i) => at - sorted[i]!))).toBeGreaterThanOrEqual(1000 - 150);
  });

  it('keys on the address: two names of one address share one quota, one name on two addresses does not', async () => {
    const { gate, events } = setup({ maxInFlightPerHost: 1, maxWaitMs: 200 });
    const held = await gate(to('127.0.0.1', 'localhost'), undefined);
    const error = await gate(to('127.0.0.1', '127.0.0.1'), undefined).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PolitenessRefusedError);
    expect(error).toMatchObject({ host: '127.0.0.1', address: '127.0.0.1', limit: 'in_flight' });
    // Another address (another machine) has a quota of its own, whatever the name.
    const other = await gate(to('127.0.0.2', 'localhost'), undefined);
    expect(events).toEqual([
      expect.objectContaining({ host: '127.0.0.1', address: '127.0.0.1', limit: 'in_flight', outcome: 'refused' }),
    ]);
    held();
    other();
  });

  it('names the host in its message, and keeps the address for the operator only', async () => {
    const { gate, slotsHeld } = setup({ maxInFlightPerHost: 1, maxWaitMs: 200 });
    const held = await gate(to('10.1.2.3', 'internal.example'), undefined);
    const error = (await gate(to('10.1.2.3', 'internal.example'), undefined).catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(PolitenessRefusedError);
    const refused = error as PolitenessRefusedError;
    expect(refused.waitedMs).toBeGreaterThanOrEqual(200);
    expect(refused.message).toContain('internal.example');
    expect(refused.message).toContain('in_flight');
    expect(refused.message).toContain(`${refused.waitedMs} ms`);
    expect(refused.message).not.toContain('10.1.2.3');
    expect(JSON.stringify(refused)).not.toContain('10.1.2.3');
    expect(refused.address).toBe('10.1.2.3');
    held();
    await vi.waitFor(async () => expect(await slotsHeld('10.1.2.3')).toBe(0));
    (await gate(to('10.1.2.3', 'internal.example'), undefined))();
  });

  it('refuses on the rate limit when the next window starts after the deadline, giving the slot back', async () => {
    const { gate, events, slotsHeld } = setup({ requestsPerSecondPerHost: 1, maxWaitMs: 100 });
    (await gate(to('10.0.0.9'), undefined))();
    const error = await gate(to('10.0.0.9'), undefined).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'POLITENESS_REFUSED', host: '10.0.0.9', limit: 'rate' });
    expect((error as Error).message).toContain('rate');
    expect(events).toEqual([expect.objectContaining({ address: '10.0.0.9', limit: 'rate', outcome: 'refused' })]);
    await vi.waitFor(async () => expect(await slotsHeld('10.0.0.9')).toBe(0));
  });

  it('lets a GET for text/event-stream take no slot', async () => {
    const { gate, events, slotsHeld } = setup({ maxInFlightPerHost: 1, maxWaitMs: 300 });
    const stream = await gate(to('10.0.0.10', 'x', { method: 'GET', accept: 'text/event-stream' }), undefined);
    expect(await slotsHeld('10.0.0.10')).toBe(0);
    (await gate(to('10.0.0.10'), undefined))();
    expect(events).toEqual([]);
    stream();
  });

  it('stops waiting as soon as the signal aborts, rejecting with its reason', async () => {
    const { gate, events, slotsHeld } = setup({ maxInFlightPerHost: 1, maxWaitMs: 20_000 });
    const held = await gate(to('10.0.0.11'), undefined);
    const controller = new AbortController();
    const reason = new Error('stop waiting');
    const waiting = gate(to('10.0.0.11'), controller.signal);
    setTimeout(() => controller.abort(reason), 100);
    await expect(waiting).rejects.toBe(reason);
    expect(events).toEqual([]);
    expect(await slotsHeld('10.0.0.11')).toBe(1);
    await expect(gate(to('10.0.0.11'), AbortSignal.abort(reason))).rejects.toBe(reason);
    held();
  });

  it('forgets a slot that is never released once its lease runs out', async () => {
    const { gate, events } = setup({ maxInFlightPerHost: 1, maxWaitMs: 10_000, slotLeaseMs: 500 });
    await gate(to('10.0.0.12'), undefined);
    (await gate(to('10.0.0.12'), undefined))();
    expect(events).toEqual([expect.objectContaining({ limit: 'in_flight', outcome: 'proceeded' })]);
    expect(events[0]!.waitedMs).toBeGreaterThan(0);
  });
});
