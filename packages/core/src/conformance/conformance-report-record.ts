import type { ConformanceResult, ConformanceRunReport, ConformanceSummary } from './conformance-types';

/** What one check's evidence may take when stored (JSON, UTF-8 bytes); larger evidence is replaced by a marker. */
export const CONFORMANCE_EVIDENCE_MAX_BYTES = 4 * 1024;

/** Stored instead of evidence past the cap: its size and the start of its JSON, so the tab still shows something. */
export interface ConformanceEvidenceTruncated {
  mcptest: 'evidence_truncated';
  omittedBytes: number;
  limitBytes: number;
  /** The evidence's JSON, cut to fit (a whole number of characters). */
  preview: string;
}

/** A run's conformance counts, as the ConformanceReport row and the Run resource have them. */
export interface ConformanceCounts {
  total: number;
  passed: number;
  failed: number;
  warnings: number;
  skipped: number;
  /** FAILs listed in expected_failures (XFAIL). */
  expectedFailures: number;
}

/** The ConformanceReport row's data (packages/db writes it; this is its one shape, computed here without I/O). */
export interface ConformanceReportRecord extends ConformanceCounts {
  revision: string;
  protocolVersion: string | null;
  ok: boolean;
  checks: ConformanceResult[];
  staleExpectedFailures: string[];
  toolCalls: string[];
}

const encoder = new TextEncoder();

export function conformanceCounts(summary: Pick<ConformanceSummary, 'results' | 'counts'>): ConformanceCounts {
  const { counts } = summary;
  return {
    total: summary.results.length,
    passed: counts.PASS,
    failed: counts.FAIL,
    warnings: counts.WARN,
    skipped: counts.SKIPPED,
    expectedFailures: counts.XFAIL,
  };
}

/** Evidence is what the server answered: a server can make it megabytes, so each check keeps at most `maxBytes`. */
function capEvidence(result: ConformanceResult, maxBytes: number): ConformanceResult {
  if (result.evidence === undefined) return result;
  const json = JSON.stringify(result.evidence) ?? 'null';
  const bytes = encoder.encode(json).byteLength;
  if (bytes <= maxBytes) return result;
  let preview = json.slice(0, maxBytes);
  // Multi-byte characters: cut further until the preview itself fits.
  while (encoder.encode(preview).byteLength > maxBytes) preview = preview.slice(0, -1);
  const evidence: ConformanceEvidenceTruncated = {
    mcptest: 'evidence_truncated',
    omittedBytes: bytes,
    limitBytes: maxBytes,
    preview,
  };
  return { ...result, evidence };
}

/** The stored form of a conformance run: counts from the summary, checks with their evidence capped. */
export function toConformanceReportRecord(
  report: ConformanceRunReport,
  maxEvidenceBytes = CONFORMANCE_EVIDENCE_MAX_BYTES,
): ConformanceReportRecord {
  return {
    revision: report.revision,
    protocolVersion: report.protocolVersion ?? null,
    ok: report.ok,
    ...conformanceCounts(report),
    checks: report.results.map((result) => capEvidence(result, maxEvidenceBytes)),
    staleExpectedFailures: [...report.staleExpectedFailures],
    toolCalls: [...report.toolCalls],
  };
}
