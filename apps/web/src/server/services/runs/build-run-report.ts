import { aggregateTrialsByName, type RunReport } from '@mcptest/core';
import type { RunResource } from './run-schemas';

/** The run in the reporters' shape (packages/core JUnit and Markdown), trials folded per assertion. */
export function buildRunReport(run: RunResource, suiteName: string): RunReport {
  const results = aggregateTrialsByName(
    run.results.map((r) => ({
      name: r.name,
      status: r.status,
      detail: r.detail,
      durationMs: r.durationMs,
      ...(r.tool ? { tool: r.tool } : {}),
    })),
  );
  return {
    name: suiteName,
    summary: run.summary,
    results,
    regressions: run.regressions,
    durationMs: run.durationMs ?? 0,
  };
}
