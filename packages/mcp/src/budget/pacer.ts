/** Clock and sleep a pacer runs on; injected so tests can drive time by hand. */
export interface PacerClock {
  /** Milliseconds on a monotonic scale (only differences matter). */
  now(): number;
  sleep(ms: number): Promise<void>;
}

/** The real clock: `performance.now()` is monotonic, so wall-clock adjustments cannot shorten a delay. */
export const realPacerClock: PacerClock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export interface Pacer {
  /** Resolves when the caller may start its call: at least `delayMs` after the previous caller's start. */
  wait(): Promise<void>;
}

/**
 * Spaces HTTP calls to one server at least `delayMs` apart (the tenant's call_delay), start to start.
 *
 * Waiters are served one after another: each one waits for the previous waiter to be released, then sleeps until
 * `delayMs` after that release as measured on the clock. Measuring from the actual release rather than from a planned
 * slot keeps the gap when the previous timer fired late; sleeping again keeps it when a timer fires early. Concurrent
 * callers (concurrency > 1) therefore start one by one, not together. The first call starts immediately.
 */
export function createPacer(delayMs: number, clock: PacerClock = realPacerClock): Pacer {
  if (!Number.isFinite(delayMs) || delayMs < 0) throw new RangeError(`call delay must be >= 0 ms, got ${delayMs}`);
  let lastStart = Number.NEGATIVE_INFINITY;
  let tail: Promise<void> = Promise.resolve();
  return {
    wait() {
      const turn = tail.then(async () => {
        for (let remaining = lastStart + delayMs - clock.now(); remaining > 0;) {
          await clock.sleep(remaining);
          remaining = lastStart + delayMs - clock.now();
        }
        lastStart = clock.now();
      });
      // A failing sleep must not wedge every later caller; the failing caller still sees its own rejection.
      tail = turn.catch(() => undefined);
      return turn;
    },
  };
}
