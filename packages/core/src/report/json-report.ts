import type { AssertionResult, RunReport, SuiteConformanceReport } from '../result/run-result';
import type { WireFinding } from '../wire/wire-finding';

/**
 * The `mcptest run --json` document (DESIGN.md contract), pretty-printed with a final newline:
 * `{"summary":{"total","passed","failed","skipped"},"results":[{"name","status","detail","durationMs"}]}`.
 * Added, never in place of those: per result `file`, `tool`, `trials` and `wireFindings` (schema violations on the
 * wire: message, pointer, specLink, definition, revision, direction, method, id, seq) when known, a top-level
 * `regressions` list (empty without a baseline), and `protocolVersion` (the MCP revision the sessions negotiated)
 * when a session opened; per conformance result `conformance` ({checkId, scenario, status, specUrl, revision}: the
 * check's own verdict, WARN and XFAIL included) and a top-level `conformance` list of the suites' reports (file,
 * revision, ok, protocolVersion, counts, staleExpectedFailures, toolCalls, durationMs, results with message and
 * evidence) when a suite has a `conformance:` block; per auth-posture result `authPosture` ({findingId, status,
 * severity, specUrl}: the finding's own verdict, WARN included). Keys come out in this fixed order, durations as whole
 * milliseconds, and nothing else a result object may carry leaks into the output.
 */
export function formatJsonReport(report: RunReport): string {
  const { total, passed, failed, skipped } = report.summary;
  const document = {
    summary: { total, passed, failed, skipped },
    results: report.results.map(jsonResult),
    regressions: report.regressions.map(({ name, before, after, detail }) => ({ name, before, after, detail })),
    ...(report.protocolVersion !== undefined && { protocolVersion: report.protocolVersion }),
    ...(report.conformance !== undefined &&
      report.conformance.length > 0 && { conformance: report.conformance.map(jsonConformance) }),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

function jsonResult(result: AssertionResult) {
  const { name, status, detail, durationMs, file, tool, trials, wireFindings, conformance, authPosture } = result;
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
    ...(conformance !== undefined && {
      conformance: {
        checkId: conformance.checkId,
        scenario: conformance.scenario,
        status: conformance.status,
        specUrl: conformance.specUrl,
        revision: conformance.revision,
      },
    }),
    ...(authPosture !== undefined && {
      authPosture: {
        findingId: authPosture.findingId,
        status: authPosture.status,
        severity: authPosture.severity,
        specUrl: authPosture.specUrl,
      },
    }),
  };
}

function jsonConformance(report: SuiteConformanceReport) {
  const { file, revision, ok, protocolVersion, counts, staleExpectedFailures, toolCalls, durationMs } = report;
  return {
    file,
    revision,
    ok,
    ...(protocolVersion !== undefined && { protocolVersion }),
    counts: { ...counts },
    staleExpectedFailures: [...staleExpectedFailures],
    toolCalls: [...toolCalls],
    durationMs: Math.round(durationMs),
    results: report.results.map(({ id, scenario, title, specUrl, status, message, evidence }) => ({
      id,
      scenario,
      title,
      specUrl,
      status,
      ...(message !== undefined && { message }),
      ...(evidence !== undefined && { evidence }),
    })),
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
