import { describe, expect, it } from 'vitest';
import { evaluateSlo, minSloRuns, newSloBreaches, parseSloBreaches, type RunLatencySamples } from './evaluate-slo';
import { SuiteSlo } from './slo-schema';

/** n runs, each calling `tool` once with the given duration (a function of the run's index). */
function runs(n: number, tool: string, ms: (i: number) => number): RunLatencySamples[] {
  return Array.from({ length: n }, (_, i) => ({ runId: `r${i}`, samples: [{ tool, durationMs: ms(i) }] }));
}

describe('minSloRuns', () => {
  it.each([
    [1, 1],
    [3, 3],
    [5, 5],
    [20, 5],
  ])('over %i needs %i runs', (over, min) => {
    expect(minSloRuns(over)).toBe(min);
  });
});

describe('evaluateSlo', () => {
  const slo = SuiteSlo.parse({ p95_ms: 100, over: 10 });

  it('computes per tool and per suite percentiles without an SLO, judging nothing', () => {
    const evaluation = evaluateSlo(undefined, [
      {
        runId: 'a',
        samples: [
          { tool: 'echo', durationMs: 10 },
          { tool: 'sum', durationMs: 300 },
        ],
      },
      { runId: 'b', samples: [{ tool: 'echo', durationMs: 30 }] },
      { runId: 'c', samples: [] },
    ]);
    expect(evaluation.windowRuns).toBe(3);
    expect(evaluation.suite).toEqual({ samples: 3, runs: 2, p50: 30, p95: 300, p99: 300 });
    expect(evaluation.tools.map((t) => [t.tool, t.samples, t.runs, t.p50, t.judged])).toEqual([
      ['echo', 2, 2, 10, false],
      ['sum', 1, 1, 300, false],
    ]);
    expect(evaluation.breaches).toEqual([]);
    expect(evaluation.trend.map((p) => [p.runId, p.p50 ?? null])).toEqual([
      ['a', 10],
      ['b', 30],
      ['c', null],
    ]);
  });

  it.each([
    { what: 'met', n: 10, ms: () => 50, breached: false },
    {
      what: 'one slow call in ten is the p95 of ten (nearest rank: rank 10)',
      n: 10,
      ms: (i: number) => (i === 3 ? 500 : 50),
      breached: true,
    },
    { what: 'exactly at the target is met', n: 10, ms: () => 100, breached: false },
    { what: 'too few runs to judge', n: 4, ms: () => 500, breached: false },
    { what: 'just enough runs to judge', n: 5, ms: () => 500, breached: true },
    { what: 'old slow runs fall out of the window', n: 30, ms: (i: number) => (i < 20 ? 500 : 50), breached: false },
    { what: 'new slow runs enter the window', n: 30, ms: (i: number) => (i >= 20 ? 500 : 50), breached: true },
  ])('$what', ({ n, ms, breached }) => {
    const evaluation = evaluateSlo(slo, runs(n, 'echo', ms));
    expect(evaluation.breaches.length > 0).toBe(breached);
    expect(evaluation.windowRuns).toBe(Math.min(n, 10));
  });

  it('reports what breached with its numbers', () => {
    const evaluation = evaluateSlo(
      SuiteSlo.parse({ p50_ms: 40, p95_ms: 100, over: 5 }),
      runs(5, 'echo', (i) => 50 + i * 20),
    );
    expect(evaluation.breaches).toEqual([
      { tool: 'echo', percentile: 'p50', targetMs: 40, observedMs: 90, samples: 5, runs: 5 },
      { tool: 'echo', percentile: 'p95', targetMs: 100, observedMs: 130, samples: 5, runs: 5 },
    ]);
  });

  it("judges each tool against its own targets, and counts a tool's runs, not the suite's", () => {
    const withOverride = SuiteSlo.parse({ p95_ms: 100, over: 5, tools: { slow: { p95_ms: 1000 } } });
    const samples: RunLatencySamples[] = Array.from({ length: 5 }, (_, i) => ({
      runId: `r${i}`,
      samples: [
        { tool: 'slow', durationMs: 800 },
        { tool: 'fast', durationMs: 150 },
        // `rare` is called in 2 runs of 5: not judged.
        ...(i < 2 ? [{ tool: 'rare', durationMs: 9000 }] : []),
      ],
    }));
    const evaluation = evaluateSlo(withOverride, samples);
    expect(evaluation.breaches.map((b) => b.tool)).toEqual(['fast']);
    expect(evaluation.tools.find((t) => t.tool === 'rare')).toMatchObject({ judged: false, runs: 2, breaches: [] });
    expect(evaluation.tools.find((t) => t.tool === 'slow')).toMatchObject({ targets: { p95: 1000 }, judged: true });
  });

  it('counts every call of a run as a sample', () => {
    const evaluation = evaluateSlo(undefined, [
      { runId: 'a', samples: [10, 20, 30].map((durationMs) => ({ tool: 'echo', durationMs })) },
    ]);
    expect(evaluation.tools[0]).toMatchObject({ samples: 3, runs: 1, p50: 20 });
  });
});

describe('newSloBreaches', () => {
  const breach = (tool: string, percentile: 'p50' | 'p95' | 'p99') => ({
    tool,
    percentile,
    targetMs: 100,
    observedMs: 200,
    samples: 10,
    runs: 10,
  });
  it.each([
    { what: 'met -> breached raises', previous: [], current: [breach('a', 'p95')], raised: ['a p95'] },
    { what: 'no record -> breached raises', previous: null, current: [breach('a', 'p95')], raised: ['a p95'] },
    {
      what: 'breached -> breached does not',
      previous: [breach('a', 'p95')],
      current: [breach('a', 'p95')],
      raised: [],
    },
    {
      what: 'another percentile is new',
      previous: [breach('a', 'p95')],
      current: [breach('a', 'p99')],
      raised: ['a p99'],
    },
    { what: 'another tool is new', previous: [breach('a', 'p95')], current: [breach('b', 'p95')], raised: ['b p95'] },
    { what: 'breached -> met raises nothing', previous: [breach('a', 'p95')], current: [], raised: [] },
  ])('$what', ({ previous, current, raised }) => {
    expect(newSloBreaches(previous, current).map((b) => `${b.tool} ${b.percentile}`)).toEqual(raised);
  });
});

describe('parseSloBreaches', () => {
  it.each([
    { stored: null, count: 0 },
    { stored: 'junk', count: 0 },
    { stored: [{ tool: 'a' }], count: 0 },
    { stored: [{ tool: 'a', percentile: 'p95', targetMs: 1, observedMs: 2, samples: 5, runs: 5 }], count: 1 },
  ])('$stored reads as $count breaches', ({ stored, count }) => {
    expect(parseSloBreaches(stored)).toHaveLength(count);
  });
});
