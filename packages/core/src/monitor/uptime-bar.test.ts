import { describe, expect, it } from 'vitest';
import { addMonitorLatency } from './monitor-latency';
import { buildUptimeBar, uptimeLevel } from './uptime-bar';

describe('buildUptimeBar', () => {
  const today = new Date('2026-11-27T13:00:00Z');
  it('has one cell per day, oldest first, ending today, days without checks as none', () => {
    const bar = buildUptimeBar([], today, 3);
    expect(bar.cells.map((c) => [c.day, c.level])).toEqual([
      ['2026-11-25', 'none'],
      ['2026-11-26', 'none'],
      ['2026-11-27', 'none'],
    ]);
    expect(bar.availability).toBeNull();
  });

  it('colours by availability, with mean and p95 of the successes', () => {
    const buckets = [120, 130, 900].reduce<number[]>((b, ms) => addMonitorLatency(b, ms), []);
    const bar = buildUptimeBar(
      [
        { day: '2026-11-26', checks: 288, failures: 0, latencySumMs: 288 * 100, latencyMaxMs: 140, latencyBuckets: [] },
        { day: '2026-11-27', checks: 4, failures: 1, latencySumMs: 1150, latencyMaxMs: 900, latencyBuckets: buckets },
      ],
      today,
      2,
    );
    expect(bar.cells).toEqual([
      { day: '2026-11-26', checks: 288, availability: 100, level: 'up', meanLatencyMs: 100, p95LatencyMs: null },
      { day: '2026-11-27', checks: 4, availability: 75, level: 'down', meanLatencyMs: 383, p95LatencyMs: 900 },
    ]);
    expect(bar).toMatchObject({ checks: 292, failures: 1, availability: 99.65 });
  });
});

describe('uptimeLevel', () => {
  it.each([
    [null, 'none'],
    [100, 'up'],
    [99.9, 'up'],
    [99.89, 'degraded'],
    [95, 'degraded'],
    [94.99, 'down'],
  ] as const)('%s -> %s', (availability, level) => {
    expect(uptimeLevel(availability)).toBe(level);
  });
});
