import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createInFlightLimiter, DEFAULT_MAX_IN_FLIGHT } from './in-flight-limiter';

describe('createInFlightLimiter', () => {
  it.each([1, 2, 3, 5])('never has more than %i real async tasks in flight, and reaches that many', async (max) => {
    const limiter = createInFlightLimiter(max);
    let current = 0;
    let peak = 0;
    const durations = [7, 3, 11, 1, 5, 9, 2, 8, 4, 6, 10, 3];
    const results = await Promise.all(
      durations.map((ms, i) =>
        limiter.run(async () => {
          current += 1;
          peak = Math.max(peak, current);
          expect(limiter.inFlight).toBeLessThanOrEqual(max);
          await sleep(ms);
          current -= 1;
          return i;
        }),
      ),
    );
    expect(results).toEqual(durations.map((_, i) => i));
    expect(peak).toBe(max);
    expect(limiter.inFlight).toBe(0);
    expect(limiter.waiting).toBe(0);
  });

  it('starts waiting tasks in arrival order', async () => {
    const limiter = createInFlightLimiter(1);
    const started: number[] = [];
    await Promise.all(
      [0, 1, 2, 3].map((i) =>
        limiter.run(async () => {
          started.push(i);
          await sleep(1);
        }),
      ),
    );
    expect(started).toEqual([0, 1, 2, 3]);
  });

  it('frees the slot when a task fails', async () => {
    const limiter = createInFlightLimiter(1);
    await expect(limiter.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(limiter.run(async () => 'next')).resolves.toBe('next');
    expect(limiter.inFlight).toBe(0);
  });

  it('reports waiting tasks', async () => {
    const limiter = createInFlightLimiter(2);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const tasks = [0, 1, 2, 3].map(() => limiter.run(() => gate));
    expect(limiter.inFlight).toBe(2);
    expect(limiter.waiting).toBe(2);
    release();
    await Promise.all(tasks);
    expect(limiter.inFlight).toBe(0);
  });

  it('defaults to DESIGN.md’s 2 in flight', () => {
    expect(DEFAULT_MAX_IN_FLIGHT).toBe(2);
  });

  it.each([0, -1, 1.5, Number.NaN])('rejects max %s', (max) => {
    expect(() => createInFlightLimiter(max)).toThrow(RangeError);
  });
});
