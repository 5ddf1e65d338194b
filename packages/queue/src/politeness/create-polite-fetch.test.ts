import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestRedis } from '../../../../test/redis';
import { createRedis, redisKey, type Redis } from '../redis';
import { hostSlotsKey } from './acquire-host-slot';
import { createPoliteFetch, type PolitenessOptions, type PolitenessWaitEvent } from './create-polite-fetch';
import { PolitenessRefusedError } from './politeness-refused-error';

const testRedis = useTestRedis();

interface CaseStats {
  concurrent: number;
  maxConcurrent: number;
  /** performance.now() at each request's arrival, in arrival order. */
  starts: number[];
}

/**
 * A real target: counts requests in flight and records arrival times per `case` query parameter. Paths: /hold (answers
 * after 50 ms), /now, /leak (answers at once; tests leave the body unread), /stream (an SSE answer whose last event
 * waits for `endStreams()`), /sse (an event stream that never ends).
 */
function startTarget() {
  const stats = new Map<string, CaseStats>();
  let streamWaiters: (() => void)[] = [];
  const statsOf = (name: string): CaseStats => {
    let entry = stats.get(name);
    if (!entry) stats.set(name, (entry = { concurrent: 0, maxConcurrent: 0, starts: [] }));
    return entry;
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://target');
    const entry = statsOf(url.searchParams.get('case') ?? '');
    entry.starts.push(performance.now());
    entry.concurrent += 1;
    entry.maxConcurrent = Math.max(entry.maxConcurrent, entry.concurrent);
    res.once('close', () => (entry.concurrent -= 1));
    req.resume();
    switch (url.pathname) {
      case '/hold':
        setTimeout(() => res.end('ok'), 50);
        return;
      case '/stream':
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: first\n\n');
        streamWaiters.push(() => res.end('data: last\n\n'));
        return;
      case '/sse':
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(': open\n\n');
        return;
      default:
        res.end('ok');
    }
  });
  return {
    server,
    stats: statsOf,
    endStreams() {
      for (const end of streamWaiters) end();
      streamWaiters = [];
    },
  };
}

const target = startTarget();
let base = '';
let port = 0;
const workers: Redis[] = [];
let caseSeq = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => target.server.listen(0, '127.0.0.1', resolve));
  port = (target.server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  // Three connections stand for three worker processes.
  for (let i = 0; i < 3; i += 1) workers.push(createRedis({ url: testRedis.url, name: `politeness-worker-${i}` }));
});

afterAll(async () => {
  for (const redis of workers) redis.disconnect();
  target.server.closeAllConnections();
  await new Promise((resolve) => target.server.close(resolve));
});

/** A limiter namespace of its own for each test (under the file's prefix), and the events it reports. */
function setup(options: Omit<PolitenessOptions, 'redis' | 'prefix' | 'onWait'>, redis: Redis = testRedis.redis) {
  const prefix = redisKey(testRedis.prefix, 'case', (caseSeq += 1));
  const events: PolitenessWaitEvent[] = [];
  const make = (client: Redis) =>
    createPoliteFetch(fetch, { ...options, redis: client, prefix, onWait: (event) => events.push(event) });
  const slotsHeld = () => testRedis.redis.zcard(hostSlotsKey(prefix, '127.0.0.1'));
  return { polite: make(redis), make, events, prefix, slotsHeld };
}

describe('createPoliteFetch', () => {
  it('never lets 3 workers have more than 3 requests in flight to one host, and all 40 succeed', async () => {
    const { make, slotsHeld } = setup({ maxInFlightPerHost: 3, requestsPerSecondPerHost: 1000, maxWaitMs: 15_000 });
    const fetches = workers.map(make);
    const bodies = await Promise.all(
      Array.from({ length: 40 }, (_, i) => fetches[i % 3]!(`${base}/hold?case=workers`).then((r) => r.text())),
    );
    expect(bodies).toEqual(Array.from({ length: 40 }, () => 'ok'));
    const stats = target.stats('workers');
    expect(stats.starts).toHaveLength(40);
    expect(stats.maxConcurrent).toBeLessThanOrEqual(3);
    await vi.waitFor(async () => expect(await slotsHeld()).toBe(0));
  });

  it('starts no more than 10 requests per second per host across workers, and all 25 succeed', async () => {
    const { prefix, events } = setup({});
    // Open sockets first, so the first window's arrivals do not carry connection set-up time.
    await Promise.all(Array.from({ length: 10 }, () => fetch(`${base}/now?case=warm-up`).then((r) => r.text())));
    const handedOff: number[] = [];
    const recording: typeof fetch = (input, init) => {
      handedOff.push(performance.now());
      return fetch(input, init);
    };
    const fetches = workers.map((redis) =>
      createPoliteFetch(recording, {
        redis,
        prefix,
        maxInFlightPerHost: 100,
        requestsPerSecondPerHost: 10,
        maxWaitMs: 10_000,
        onWait: (event) => events.push(event),
      }),
    );
    const statuses = await Promise.all(
      Array.from({ length: 25 }, async (_, i) => {
        const response = await fetches[i % 3]!(`${base}/now?case=rate`);
        await response.text();
        return response.status;
      }),
    );
    expect(statuses).toEqual(Array.from({ length: 25 }, () => 200));
    expect(events.filter((e) => e.limit === 'rate' && e.outcome === 'proceeded')).toHaveLength(15);

    // Shortest time holding 11 consecutive starts; at 10 per second it must be about a second or more.
    const shortestSpanOf11 = (times: number[]) => {
      const sorted = [...times].sort((a, b) => a - b);
      return Math.min(...sorted.slice(10).map((at, i) => at - sorted[i]!));
    };
    // Where the limiter acts (the request handed to the inner fetch), allow 150 ms: the window is counted on
    // Redis's clock from its first token, and one window's tokens reach their requests a little apart on a loaded
    // machine. At the server, arrivals also carry request latency, which varies more, so the bound is looser; a
    // limiter that did nothing would still fail it by far (all 25 would arrive within a few tens of ms).
    expect(shortestSpanOf11(handedOff)).toBeGreaterThanOrEqual(1000 - 150);
    const arrivals = target.stats('rate').starts;
    expect(arrivals).toHaveLength(25);
    expect(shortestSpanOf11(arrivals)).toBeGreaterThanOrEqual(1000 - 300);
    // 25 requests at 10 per window take three windows.
    const sorted = [...arrivals].sort((a, b) => a - b);
    expect(sorted[24]! - sorted[0]!).toBeGreaterThanOrEqual(2000 - 300);
  });

  it('holds the slot until a streamed body has been read to the end', async () => {
    const { polite, events } = setup({ maxInFlightPerHost: 1, maxWaitMs: 10_000 });
    // A Streamable HTTP POST: the answer is an SSE stream that ends when the result has been sent.
    const first = await polite(`${base}/stream?case=stream`, {
      method: 'POST',
      headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
      body: '{}',
    });
    const reader = first.body!.getReader();
    const decoder = new TextDecoder();
    expect(decoder.decode((await reader.read()).value)).toContain('first');

    let secondSettled = false;
    const second = polite(`${base}/now?case=stream-second`).finally(() => (secondSettled = true));
    await delay(300);
    expect(secondSettled).toBe(false);
    expect(target.stats('stream-second').starts).toHaveLength(0);

    target.endStreams();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += decoder.decode(chunk.value);
    expect(rest).toContain('last');
    expect(await (await second).text()).toBe('ok');
    expect(target.stats('stream-second').starts[0]).toBeGreaterThan(target.stats('stream').starts[0]!);
    expect(events).toEqual([expect.objectContaining({ host: '127.0.0.1', limit: 'in_flight', outcome: 'proceeded' })]);
  });

  it('keeps the response status, headers and url', async () => {
    const { polite } = setup({});
    const response = await polite(`${base}/stream?case=meta`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(response.url).toBe(`${base}/stream?case=meta`);
    target.endStreams();
    expect(await response.text()).toBe('data: first\n\ndata: last\n\n');
  });

  it('refuses with a typed error naming host and limit when a slot stays taken, and reports it', async () => {
    const { polite, events, slotsHeld } = setup({ maxInFlightPerHost: 1, maxWaitMs: 200 });
    const held = await polite(`${base}/leak?case=refuse`);
    const error = await polite(`${base}/now?case=refused`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PolitenessRefusedError);
    expect(error).toMatchObject({ code: 'POLITENESS_REFUSED', host: '127.0.0.1', limit: 'in_flight' });
    const refused = error as PolitenessRefusedError;
    expect(refused.waitedMs).toBeGreaterThanOrEqual(200);
    expect(refused.message).toContain('127.0.0.1');
    expect(refused.message).toContain('in_flight');
    expect(refused.message).toContain(`${refused.waitedMs} ms`);
    expect(target.stats('refused').starts).toHaveLength(0);
    expect(events).toEqual([{ host: '127.0.0.1', limit: 'in_flight', waitedMs: refused.waitedMs, outcome: 'refused' }]);

    // Cancelling the unread body gives the slot back.
    await held.body!.cancel();
    await vi.waitFor(async () => expect(await slotsHeld()).toBe(0));
    expect(await (await polite(`${base}/now?case=refused`)).text()).toBe('ok');
  });

  it('refuses on the rate limit when the next window starts after the deadline, giving the slot back', async () => {
    const { polite, events, slotsHeld } = setup({ requestsPerSecondPerHost: 1, maxWaitMs: 100 });
    await (await polite(`${base}/now?case=rate-refuse`)).text();
    const error = await polite(`${base}/now?case=rate-refuse`).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'POLITENESS_REFUSED', host: '127.0.0.1', limit: 'rate' });
    expect((error as Error).message).toContain('rate');
    expect(target.stats('rate-refuse').starts).toHaveLength(1);
    expect(events).toEqual([expect.objectContaining({ host: '127.0.0.1', limit: 'rate', outcome: 'refused' })]);
    await vi.waitFor(async () => expect(await slotsHeld()).toBe(0));
  });

  it('counts 127.0.0.1 and localhost as different hosts', async () => {
    const { polite, events } = setup({ maxInFlightPerHost: 1, maxWaitMs: 300 });
    const held = await polite(`${base}/leak?case=hosts`);
    const other = await polite(`http://localhost:${port}/now?case=hosts-localhost`);
    expect(await other.text()).toBe('ok');
    expect(events).toEqual([]);
    await expect(polite(`${base}/now?case=hosts`)).rejects.toMatchObject({ host: '127.0.0.1', limit: 'in_flight' });
    await held.body!.cancel();
  });

  it('lets a GET for text/event-stream take no slot', async () => {
    const { polite, events, slotsHeld } = setup({ maxInFlightPerHost: 1, maxWaitMs: 300 });
    const stream = await polite(`${base}/sse?case=sse`, { headers: { accept: 'text/event-stream' } });
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    expect(await slotsHeld()).toBe(0);
    expect(await (await polite(`${base}/now?case=sse-other`)).text()).toBe('ok');
    expect(events).toEqual([]);
    await stream.body!.cancel();
  });

  it('stops waiting as soon as the signal aborts, rejecting with its reason', async () => {
    const { polite, events, slotsHeld } = setup({ maxInFlightPerHost: 1, maxWaitMs: 20_000 });
    const held = await polite(`${base}/leak?case=abort`);
    const controller = new AbortController();
    const reason = new Error('stop waiting');
    const started = performance.now();
    const waiting = polite(`${base}/now?case=aborted`, { signal: controller.signal });
    setTimeout(() => controller.abort(reason), 100);
    await expect(waiting).rejects.toBe(reason);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(target.stats('aborted').starts).toHaveLength(0);
    expect(events).toEqual([]);
    expect(await slotsHeld()).toBe(1);
    await expect(polite(`${base}/now?case=aborted`, { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
    await held.body!.cancel();
  });

  it('forgets a slot that is never released once its lease runs out', async () => {
    const { polite, events } = setup({ maxInFlightPerHost: 1, maxWaitMs: 10_000, slotLeaseMs: 500 });
    const leaked = await polite(`${base}/leak?case=lease`);
    expect(await (await polite(`${base}/now?case=lease-next`)).text()).toBe('ok');
    expect(events).toEqual([expect.objectContaining({ limit: 'in_flight', outcome: 'proceeded' })]);
    expect(events[0]!.waitedMs).toBeGreaterThan(0);
    await leaked.body!.cancel();
  });

  it('gives the slot back when the fetch rejects', async () => {
    const { polite, slotsHeld } = setup({ maxInFlightPerHost: 1, maxWaitMs: 300 });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(polite(`http://127.0.0.1:${closedPort}/`)).rejects.toThrow(TypeError);
    await vi.waitFor(async () => expect(await slotsHeld()).toBe(0));
    expect(await (await polite(`${base}/now?case=after-reject`)).text()).toBe('ok');
  });
});
