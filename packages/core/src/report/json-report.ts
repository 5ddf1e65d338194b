import type { AssertionResult, RunReport } from '../result/run-result';
import type { WireFinding } from '../wire/wire-finding';

/**
 * The `mcptest run --json` document (DESIGN.md contract), pretty-printed with a final newline:
 * `{"summary":{"total","passed","failed","skipped"},"results":[{"name","status","detail","durationMs"}]}`.
 * Added, never in place of those: per result `file`, `tool`, `trials` and `wireFindings` (schema violations on the
 * wire: message, pointer, specLink, definition, revision, direction, method, id, seq) when known, a top-level
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
  const { name, status, detail, durationMs, file, tool, trials, wireFindings } = result;
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
    ...(wireFindings !== undefined && wireFindings.length > 0 && { wireFindings: wireFindings.map(jsonFinding) }),
  };
}

function jsonFinding(finding: WireFinding) {
  const { message, pointer, specLink, definition, revision, direction, method, id, seq } = finding;
  return {
    message,
    pointer,
    specLink,
    definition,
    revision,
    direction,
    ...(method !== undefined && { method }),
    ...(id !== undefined && { id }),
    ...(seq !== undefined && { seq }),
  };
}
