/** Bounds how many calls of one run are in flight at once (the tenant's concurrency knob). */
export interface InFlightLimiter {
  /** Runs `task` once fewer than `max` tasks are running; waiting tasks start in the order they arrived. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks currently running. */
  readonly inFlight: number;
  /** Tasks waiting for a free slot. */
  readonly waiting: number;
}

/** DESIGN.md default: 2 calls in flight per run. */
export const DEFAULT_MAX_IN_FLIGHT = 2;

/**
 * A FIFO semaphore in process memory. That is enough because a run executes inside one process (one queue worker
 * holds the run's job; the CLI is one process), so no other process can start calls for the same run. What must hold
 * across processes, the call budget, lives in Redis instead.
 */
export function createInFlightLimiter(max: number = DEFAULT_MAX_IN_FLIGHT): InFlightLimiter {
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`max in flight must be an integer >= 1, got ${max}`);
  let running = 0;
  const queue: (() => void)[] = [];

  const release = () => {
    const next = queue.shift();
    // Hand the slot straight to the next waiter, so a newcomer cannot overtake it between release and wake-up.
    if (next) next();
    else running -= 1;
  };

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < max) running += 1;
      else await new Promise<void>((resolve) => queue.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
    get inFlight() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
  };
}
