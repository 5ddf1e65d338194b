import { describe, expect, it } from 'vitest';
import { createPacer, type PacerClock } from './pacer';

/** Virtual time: sleepers wake in time order when `settle()` runs, so concurrent waits can be observed exactly. */
function virtualClock(options: { earlyBy?: number } = {}) {
  let t = 0;
  const timers: { at: number; wake: () => void }[] = [];
  const clock: PacerClock = {
    now: () => t,
    // `earlyBy` models timers that fire before the requested delay has fully passed (only long sleeps, so it ends).
    sleep: (ms) => {
      const early = options.earlyBy !== undefined && ms > options.earlyBy ? options.earlyBy : 0;
      return new Promise((wake) => timers.push({ at: t + ms - early, wake }));
    },
  };
  const flush = () => new Promise((resolve) => setImmediate(resolve));
  return {
    clock,
    setTime(at: number) {
      t = Math.max(t, at);
    },
    get time() {
      return t;
    },
    async settle() {
      for (;;) {
        await flush();
        timers.sort((a, b) => a.at - b.at);
        const next = timers.shift();
        if (!next) return;
        t = next.at;
        next.wake();
      }
    },
  };
}

describe('createPacer (virtual clock)', () => {
  it.each([
    { delay: 100, arrivals: [0, 0, 0], starts: [0, 100, 200] },
    { delay: 100, arrivals: [0, 150, 160], starts: [0, 150, 250] },
    { delay: 100, arrivals: [50, 500, 550, 1000], starts: [50, 500, 600, 1000] },
    { delay: 100, arrivals: [0, 99, 100], starts: [0, 100, 200] },
    { delay: 0, arrivals: [0, 0, 5], starts: [0, 0, 5] },
    { delay: 250, arrivals: [10, 20], starts: [10, 260] },
  ])('delay $delay, calls arriving at $arrivals start at $starts', async ({ delay, arrivals, starts }) => {
    const v = virtualClock();
    const pacer = createPacer(delay, v.clock);
    const seen: number[] = [];
    for (const arrival of arrivals) {
      v.setTime(arrival);
      const waited = pacer.wait();
      await v.settle();
      await waited;
      seen.push(v.time);
    }
    expect(seen).toEqual(starts);
  });

  it('gives concurrent waiters successive slots instead of waking them together', async () => {
    const v = virtualClock();
    const pacer = createPacer(100, v.clock);
    const seen: number[] = [];
    const all = Promise.all([0, 1, 2, 3].map(() => pacer.wait().then(() => seen.push(v.time))));
    await v.settle();
    await all;
    expect(seen).toEqual([0, 100, 200, 300]);
  });

  it('sleeps again when a timer fires early, so the gap is never short', async () => {
    const v = virtualClock({ earlyBy: 7 });
    const pacer = createPacer(100, v.clock);
    const seen: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const waited = pacer.wait();
      await v.settle();
      await waited;
      seen.push(v.time);
    }
    expect(seen).toEqual([0, 100, 200]);
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('rejects delay %s', (delay) => {
    expect(() => createPacer(delay)).toThrow(RangeError);
  });
});

describe('createPacer (real time)', () => {
  it('keeps successive starts at least the delay apart, sequential and concurrent', async () => {
    const delay = 30;
    const pacer = createPacer(delay);
    const starts: number[] = [];
    await pacer.wait();
    starts.push(performance.now());
    await pacer.wait();
    starts.push(performance.now());
    await Promise.all([0, 1, 2].map(() => pacer.wait().then(() => starts.push(performance.now()))));
    const gaps = starts.slice(1).map((s, i) => s - (starts[i] ?? 0));
    // The pacer measures its own release; the caller's timestamp comes a few microtasks later, hence the tolerance.
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(delay - 1);
    // No upper bound on the wall time: on a loaded machine timers fire late (a 200 ms slack failed at load 20). That
    // the pacer waits no longer than needed is proven exactly by the virtual-clock table above.
  });
});
