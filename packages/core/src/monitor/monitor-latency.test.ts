import { describe, expect, it } from 'vitest';
import {
  addMonitorLatency,
  approximateMonitorPercentile,
  MONITOR_LATENCY_BUCKET_COUNT,
  monitorLatencyBucket,
} from './monitor-latency';

describe('monitorLatencyBucket', () => {
  it.each([
    [0, 0],
    [50, 0],
    [51, 1],
    [999, 6],
    [1000, 6],
    [10_000, 11],
    [10_001, 12],
    [1e9, 12],
  ])('%i ms -> bucket %i', (ms, bucket) => {
    expect(monitorLatencyBucket(ms)).toBe(bucket);
  });
});

describe('addMonitorLatency', () => {
  it('counts into a full-length copy, whatever the stored length', () => {
    const empty: number[] = [];
    const one = addMonitorLatency(empty, 120);
    expect(one).toHaveLength(MONITOR_LATENCY_BUCKET_COUNT);
    expect(one[2]).toBe(1);
    expect(empty).toEqual([]);
    expect(addMonitorLatency(one, 130)[2]).toBe(2);
  });
});

describe('approximateMonitorPercentile', () => {
  const of = (...latencies: number[]) => latencies.reduce<number[]>((b, ms) => addMonitorLatency(b, ms), []);
  it.each<[number[], number, number, number | null]>([
    [[], 95, 0, null],
    [[40, 40, 40, 40, 900], 50, 900, 50],
    [[40, 40, 40, 40, 900], 95, 900, 900],
    [[40, 40, 40, 40, 800], 95, 800, 800],
    [[20_000], 99, 20_000, 20_000],
    [[10, 20], 100, 20, 20],
  ])('%j p%i (max %i) -> %s', (latencies, p, max, expected) => {
    expect(approximateMonitorPercentile(of(...latencies), p, max)).toBe(expected);
  });
});
