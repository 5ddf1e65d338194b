import type { AssertionResult, RunReport } from '../result/run-result';

/**
 * The `mcptest run --json` document (DESIGN.md contract), pretty-printed with a final newline:
 * `{"summary":{"total","passed","failed","skipped"},"results":[{"name","status","detail","durationMs"}]}`.
 * Added, never in place of those: per result `file`, `tool` and `trials` when known, and a top-level
 * `regressions` list (empty without a baseline), and `protocolVersion` (the MCP revision the sessions negotiated)
 * when a session opened. Keys come out in this fixed order, durations as whole
 * milliseconds, and nothing else a result object may carry leaks into the output.
 */
export function formatJsonReport(report: RunReport): string {
  const { total, passed, failed, skipped } = report.summary;
  const document = {
    summary: { total, passed, failed, skipped },
    results: report.results.map(jsonResult),
    regressions: report.regressions.map(({ name, before, after, detail }) => ({ name, before, after, detail })),
    ...(report.protocolVersion !== undefined && { protocolVersion: report.protocolVersion }),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

function jsonResult(result: AssertionResult) {
  const { name, status, detail, durationMs, file, tool, trials } = result;
  return {
    name,
    status,
    detail,
    durationMs: Math.round(durationMs),
    ...(file !== undefined && { file }),
    ...(tool !== undefined && { tool }),
    ...(trials !== undefined && {
      trials: { k: trials.k, passed: trials.passed, passAtK: trials.passAtK, passHatK: trials.passHatK },
    }),
  };
}
