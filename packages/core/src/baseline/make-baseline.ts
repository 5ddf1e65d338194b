import type { RunReport } from '../result/run-result';
import { BASELINE_VERSION, type Baseline } from './baseline-schema';

/**
 * The baseline of a finished run: each assertion's (trial-aggregated) status, sorted by name so that saving the
 * same results twice gives the same file and diffs in review stay small. When a name repeats, the last result
 * stands, as in mcp-assert.
 */
export function makeBaseline(report: Pick<RunReport, 'name' | 'results'>, now: Date): Baseline {
  const byName = new Map(report.results.map((r) => [r.name, r.status]));
  const entries = [...byName].map(([name, status]) => ({ name, status }));
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { version: BASELINE_VERSION, suite: report.name, createdAt: now.toISOString(), entries };
}

/** The file text of a baseline: pretty JSON with a final newline, keys in a fixed order. */
export function formatBaseline(baseline: Baseline): string {
  const ordered = {
    version: baseline.version,
    suite: baseline.suite,
    createdAt: baseline.createdAt,
    entries: baseline.entries.map((e) => ({ name: e.name, status: e.status, language: e.language })),
  };
  return `${JSON.stringify(ordered, null, 2)}\n`;
}
