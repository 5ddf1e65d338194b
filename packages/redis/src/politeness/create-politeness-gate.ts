import { randomUUID } from 'node:crypto';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { z } from 'zod';
import type { OutboundGate } from '@mcptest/core';
import { redisKey, type Redis } from '../redis';
import { acquireHostSlot, defineHostSlotCommand, hostSlotsKey, releaseHostSlot } from './acquire-host-slot';
import { PolitenessRefusedError, type PolitenessLimit } from './politeness-refused-error';

/**
 * One wait a request went through: which limit held it, how long, and whether it then went or was refused. For
 * metrics and the operator's log (it names the address).
 */
export interface PolitenessWaitEvent {
  /** The host name as the request named it. */
  host: string;
  /** The address the limits are keyed on. */
  address: string;
  limit: PolitenessLimit;
  /** Time spent waiting on this limit alone (a refusal's error carries the total over both limits). */
  waitedMs: number;
  outcome: 'proceeded' | 'refused';
}

export interface PolitenessOptions {
  redis: Redis;
  /** REDIS_PREFIX of the deployment; keys start with `${prefix}:polite:`. */
  prefix: string;
  /** Most requests in flight to one address across all workers. Default 8. */
  maxInFlightPerHost?: number;
  /**
   * Most requests started per address per second across all workers (rate-limiter-flexible RateLimiterRedis,
   * points = this, duration = 1 s: a fixed one-second window per address). Default 20.
   */
  requestsPerSecondPerHost?: number;
  /** Longest a request waits for a slot and a token before failing. Default 30_000. */
  maxWaitMs?: number;
  /**
   * An in-flight slot is forgotten after this long even if never released (a worker died). A request still running
   * after this long stops counting, so keep it above the longest request timeout. Default 120_000.
   */
  slotLeaseMs?: number;
  /** Reports each wait (for metrics/logs). Not called for a request that went at once, nor for an aborted wait. */
  onWait?: (event: PolitenessWaitEvent) => void;
}

const optionsSchema = z.object({
  prefix: z.string().min(1),
  maxInFlightPerHost: z.int().min(1).default(8),
  requestsPerSecondPerHost: z.int().min(1).default(20),
  maxWaitMs: z.int().min(0).default(30_000),
  slotLeaseMs: z.int().min(1).default(120_000),
});

/** Poll delays for a full in-flight cap: short at first (slots are often freed within ms), backing off to 200 ms. */
const SLOT_POLL_FIRST_MS = 10;
const SLOT_POLL_MAX_MS = 200;
/** Spread of retries after a rate window ends, so waiters of all workers do not hit Redis in the same millisecond. */
const RATE_RETRY_JITTER_MS = 25;

/**
 * The per-host politeness gate of the SSRF-safe fetch (packages/mcp `createSafeFetch({gate})`): every request first
 * takes an in-flight slot and a rate token for the address its connection goes to, both shared by all workers (and
 * the web app) through Redis. Keying on the resolved address, not the name, makes every name of one machine
 * (`localhost` and `127.0.0.1`, two DNS names of one server) share one quota; the fetch resolves each request's host
 * once and connects to exactly that answer, so the address counted is the address reached. A request that cannot go
 * waits, polling with short jittered sleeps, up to `maxWaitMs`, and is then rejected with `PolitenessRefusedError`;
 * it is never dropped silently. Waiters are not served in order: under sustained overload one may be refused while a
 * later one goes.
 *
 * - The slot is held until the fetch releases it: when the response body has been read to the end, errored or been
 *   cancelled (a Streamable HTTP POST answers with an SSE stream that ends when the result is sent), or when the
 *   request failed. Callers must read or cancel every body; an abandoned one holds its slot until the lease runs out.
 * - A GET whose `accept` asks for `text/event-stream` is the long-lived server-push stream of an MCP session (legacy
 *   SSE transport, or Streamable HTTP's standalone GET stream). It takes a rate token but no slot, since it would pin
 *   a slot for the whole session.
 * - The slot is taken before the token, so a token is spent only by a request about to start.
 * - An abort of the signal stops the wait at once and rejects with the abort reason.
 * - If Redis fails, the request fails with Redis's error: no limiter, no request (fail closed).
 * - The rate limit is a fixed one-second window per address: at most N start in each window, so in the worst case
 *   up to 2N can start within a short span straddling the boundary of two windows.
 */
export function createPolitenessGate(options: PolitenessOptions): OutboundGate {
  const { redis, onWait } = options;
  const { prefix, maxInFlightPerHost, requestsPerSecondPerHost, maxWaitMs, slotLeaseMs } = optionsSchema.parse({
    prefix: options.prefix,
    maxInFlightPerHost: options.maxInFlightPerHost,
    requestsPerSecondPerHost: options.requestsPerSecondPerHost,
    maxWaitMs: options.maxWaitMs,
    slotLeaseMs: options.slotLeaseMs,
  });
  defineHostSlotCommand(redis);
  // RateLimiterRedis tells node-redis from ioredis by the client's constructor name; ioredis 6 passes (its client is
  // not named 'Commander'), but say so explicitly rather than rely on that sniffing. storeType is only for Knex/SQLite.
  const limiter = new RateLimiterRedis({
    storeClient: redis,
    useRedisPackage: false,
    keyPrefix: redisKey(prefix, 'polite', 'rate'),
    points: requestsPerSecondPerHost,
    duration: 1,
  });

  const report = (event: PolitenessWaitEvent): void => {
    try {
      onWait?.(event);
    } catch {
      // A metrics hook must not decide the fate of the request.
    }
  };

  async function takeSlot(target: Target, signal: AbortSignal | undefined, started: number): Promise<() => void> {
    const { host, address } = target;
    const key = hostSlotsKey(prefix, address);
    const slotId = randomUUID();
    let released = false;
    const release = (): void => {
      if (released) return;
      released = true;
      // If this fails the lease frees the slot; the request itself is already answered.
      releaseHostSlot(redis, key, slotId).catch(() => undefined);
    };
    for (let attempt = 0; ; attempt += 1) {
      const { acquired, held } = await acquireHostSlot(redis, key, {
        cap: maxInFlightPerHost,
        leaseMs: slotLeaseMs,
        slotId,
      });
      if (signal?.aborted) {
        if (acquired) release();
        throw signal.reason;
      }
      const waitedMs = Math.round(performance.now() - started);
      if (acquired) {
        if (attempt > 0) report({ host, address, limit: 'in_flight', waitedMs, outcome: 'proceeded' });
        return release;
      }
      const remaining = started + maxWaitMs - performance.now();
      if (remaining <= 0) {
        report({ host, address, limit: 'in_flight', waitedMs, outcome: 'refused' });
        throw new PolitenessRefusedError({
          host,
          address,
          limit: 'in_flight',
          waitedMs,
          detail: `${held} of at most ${maxInFlightPerHost} in flight`,
        });
      }
      const backoff = Math.min(SLOT_POLL_MAX_MS, SLOT_POLL_FIRST_MS * 2 ** attempt);
      await sleep(Math.min(remaining, backoff * (0.5 + Math.random() / 2)), signal);
    }
  }

  async function takeToken(target: Target, signal: AbortSignal | undefined, started: number): Promise<void> {
    const { host, address } = target;
    const phaseStarted = performance.now();
    for (let attempt = 0; ; attempt += 1) {
      let msBeforeNext: number;
      try {
        await limiter.consume(address);
        if (attempt > 0) {
          report({
            host,
            address,
            limit: 'rate',
            waitedMs: Math.round(performance.now() - phaseStarted),
            outcome: 'proceeded',
          });
        }
        return;
      } catch (error) {
        // consume rejects with a RateLimiterRes when the window is spent, with anything else when Redis fails.
        if (!(error instanceof RateLimiterRes)) throw error;
        msBeforeNext = Math.max(1, error.msBeforeNext);
      }
      if (signal?.aborted) throw signal.reason;
      const remaining = started + maxWaitMs - performance.now();
      // No token appears before the window ends, so a window ending after the deadline means refusal now, rather
      // than holding the in-flight slot to the deadline for nothing.
      if (msBeforeNext > remaining) {
        report({
          host,
          address,
          limit: 'rate',
          waitedMs: Math.round(performance.now() - phaseStarted),
          outcome: 'refused',
        });
        throw new PolitenessRefusedError({
          host,
          address,
          limit: 'rate',
          waitedMs: Math.round(performance.now() - started),
          detail:
            `at most ${requestsPerSecondPerHost} per second; the next one may start in ${msBeforeNext} ms, ` +
            `beyond the ${maxWaitMs} ms wait allowed`,
        });
      }
      await sleep(Math.min(remaining, msBeforeNext + Math.random() * RATE_RETRY_JITTER_MS), signal);
    }
  }

  return async (request, signal) => {
    signal?.throwIfAborted();
    const target: Target = { host: request.host, address: request.address.toLowerCase() };
    const started = performance.now();
    const holdsSlot = !(request.method === 'GET' && acceptsEventStream(request.accept));
    const release = holdsSlot ? await takeSlot(target, signal, started) : undefined;
    try {
      await takeToken(target, signal, started);
    } catch (error) {
      release?.();
      throw error;
    }
    return release ?? RELEASE_NOTHING;
  };
}

/** Who a request goes to: the name it was sent to (for messages) and the address its limits are keyed on. */
interface Target {
  host: string;
  address: string;
}

const RELEASE_NOTHING = (): void => undefined;

/** True when an Accept header lists text/event-stream (parameters such as q= are not weighed). */
function acceptsEventStream(accept: string | null): boolean {
  if (accept === null) return false;
  return accept.split(',').some((range) => range.split(';')[0]?.trim().toLowerCase() === 'text/event-stream');
}

/** Sleeps `ms`, or rejects with the signal's reason as soon as it aborts. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
