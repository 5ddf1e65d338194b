import { describe, expect, it } from 'vitest';
import { DEFAULT_SLO_WINDOW_RUNS, SuiteSlo, targetsForTool } from './slo-schema';

describe('SuiteSlo', () => {
  it.each([
    { input: { p95_ms: 800, over: 20 }, output: { targets: { p95: 800 }, over: 20, tools: {} } },
    { input: { p95_ms: 800, over: '20 runs' }, output: { targets: { p95: 800 }, over: 20, tools: {} } },
    { input: { p95_ms: 800, over: '1 run' }, output: { targets: { p95: 800 }, over: 1, tools: {} } },
    {
      input: { p50_ms: 100, p99_ms: 900 },
      output: { targets: { p50: 100, p99: 900 }, over: DEFAULT_SLO_WINDOW_RUNS, tools: {} },
    },
    {
      input: { tools: { search: { p95_ms: 2000 } } },
      output: { targets: {}, over: DEFAULT_SLO_WINDOW_RUNS, tools: { search: { p95: 2000 } } },
    },
  ])('accepts $input', ({ input, output }) => {
    expect(SuiteSlo.parse(input)).toEqual(output);
  });

  it.each([
    { input: {}, why: 'no target' },
    { input: { over: 10 }, why: 'no target' },
    { input: { tools: { search: {} } }, why: 'no target' },
    { input: { p95_ms: 0 }, why: 'not positive' },
    { input: { p95_ms: 1.5 }, why: 'not an integer' },
    { input: { p95_ms: 800, over: 0 }, why: 'empty window' },
    { input: { p95_ms: 800, over: 201 }, why: 'window too large' },
    { input: { p95_ms: 800, over: 'twenty runs' }, why: 'not a number' },
    { input: { p95_ms: 800, over: '20 days' }, why: 'not runs' },
    { input: { p95: 800 }, why: 'unknown key' },
    { input: { tools: { search: { p95_ms: 800, max_ms: 1 } } }, why: 'unknown tool key' },
  ])('refuses $input ($why)', ({ input }) => {
    expect(SuiteSlo.safeParse(input).success).toBe(false);
  });

  it("a tool's targets replace the suite's key by key", () => {
    const slo = SuiteSlo.parse({ p50_ms: 100, p95_ms: 800, tools: { search: { p95_ms: 2000 } } });
    expect(targetsForTool(slo, 'search')).toEqual({ p50: 100, p95: 2000 });
    expect(targetsForTool(slo, 'echo')).toEqual({ p50: 100, p95: 800 });
    // A tool named like an Object.prototype key is just a tool without overrides.
    expect(targetsForTool(slo, 'constructor')).toEqual({ p50: 100, p95: 800 });
  });
});
