// The Latency tab's chart is plain SVG rendered on the server: rendered here to markup from core's evaluation, it
// draws both lines through every run, the SLO target line, and a mark on each run that ended in breach.
import { evaluateSlo, SuiteSlo } from '@mcptest/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { toLatencyResource } from '@/server/services/latency/latency-schemas';
import { LatencyChart, latencyTicks } from './latency-chart';

const slo = SuiteSlo.parse({ p95_ms: 500, over: 4 });
const runs = [40, 60, 900, 80].map((ms, i) => ({
  runId: `run${i}`,
  finishedAt: new Date(Date.UTC(2026, 10, 1, 0, i)),
  samples: [
    { tool: 'echo', durationMs: ms },
    { tool: 'echo', durationMs: ms / 2 },
  ],
}));
const latency = toLatencyResource(4, slo, evaluateSlo(slo, runs), new Set(['run2', 'run3']));

function render(targetMs?: number): string {
  return renderToStaticMarkup(
    createElement(LatencyChart, { title: 'Trend', trend: latency.trend, targetMs, runsPath: '/o/acme/runs' }),
  );
}

describe('LatencyChart', () => {
  it('draws p50 and p95 through every run, the SLO line and the runs in breach', () => {
    const html = render(500);
    const polylines = [...html.matchAll(/<polyline class="latency-(p50|p95)" points="([^"]+)"/g)];
    expect(polylines.map((m) => [m[1], m[2]?.split(' ').length])).toEqual([
      ['p50', 4],
      ['p95', 4],
    ]);
    expect(html).toContain('data-testid="latency-slo-line"');
    expect(html).toContain('SLO p95 500 ms');
    expect(html.match(/data-testid="latency-breach"/g)).toHaveLength(2);
    expect(html).toContain('href="/o/acme/runs/run2"');
    expect(html).toContain('2 runs ended in breach of the SLO');
    // The slowest run is the highest point: its y is the smallest of the p95 line.
    const ys = polylines[1]![2]!.split(' ').map((pair) => Number(pair.split(',')[1]));
    expect(Math.min(...ys)).toBe(ys[2]);
  });

  it('has no target line without an SLO', () => {
    const html = render();
    expect(html).not.toContain('latency-slo-line');
  });
});

describe('latencyTicks', () => {
  it.each([
    [0, [0, 1]],
    [900, [0, 500, 1000]],
    [45, [0, 20, 40, 60]],
  ])('up to %i ms: %j', (max, ticks) => {
    expect(latencyTicks(max)).toEqual(ticks);
  });
});
