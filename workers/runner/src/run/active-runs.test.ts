import { describe, expect, it } from 'vitest';
import { ActiveRuns } from './active-runs';

describe('ActiveRuns', () => {
  it('stops a run for the first reason given, and only once', () => {
    const active = new ActiveRuns();
    const handle = active.start('r1', 't1', 60_000);
    expect(active.abort('r1', 'cancelled')).toBe(true);
    expect(active.abort('r1', 'shutdown')).toBe(false);
    expect(handle.signal.aborted).toBe(true);
    expect(handle.interruption()).toBe('cancelled');
    expect(active.abort('unknown', 'cancelled')).toBe(false);
  });

  it('stops a run at its time limit', async () => {
    const active = new ActiveRuns();
    const handle = active.start('r1', 't1', 20);
    await new Promise((r) => setTimeout(r, 60));
    expect(handle.interruption()).toBe('time_limit');
  });

  it('after abortAll, also stops runs that register later (they were still loading)', () => {
    const active = new ActiveRuns();
    const early = active.start('r1', 't1', 60_000);
    expect(active.abortAll('shutdown')).toBe(1);
    const late = active.start('r2', 't2', 60_000);
    expect([early.interruption(), late.interruption()]).toEqual(['shutdown', 'shutdown']);
    expect(late.signal.aborted).toBe(true);
  });

  it('forgets finished runs and lists the others', () => {
    const active = new ActiveRuns();
    const handle = active.start('r1', 't1', 30);
    active.start('r2', 't2', 60_000);
    active.finish('r1');
    expect(active.has('r1')).toBe(false);
    expect(active.list()).toEqual([{ runId: 'r2', tenantId: 't2' }]);
    expect(active.size).toBe(1);
    // The time limit of a finished run no longer fires.
    return new Promise<void>((resolve) =>
      setTimeout(() => {
        expect(handle.interruption()).toBeUndefined();
        resolve();
      }, 60),
    );
  });
});
