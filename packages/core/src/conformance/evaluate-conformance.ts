import { checksFor } from './catalog';
import type {
  ConformanceObservations,
  ConformanceVerdict,
  ConformanceResult,
  ConformanceStatus,
  ConformanceSummary,
} from './conformance-types';

/** Whether an `expected_failures` entry (`scenario` or `scenario:check`) names this check. */
function entryMatches(entry: string, scenario: string, id: string): boolean {
  const colon = entry.indexOf(':');
  if (colon === -1) return entry === scenario;
  return entry.slice(0, colon) === scenario && entry.slice(colon + 1) === id;
}

/**
 * Judges the observations with every check of the revision's requirement set, then applies the baseline as the
 * official harness does: a listed FAIL is XFAIL, an unlisted FAIL fails the run, and an entry that matches no failing
 * check is stale (the fix landed; the entry must go), which also fails the run.
 */
export function evaluateConformance(
  observations: ConformanceObservations,
  expectedFailures: readonly string[] = [],
): ConformanceSummary {
  const used = new Set<string>();
  const results: ConformanceResult[] = checksFor(observations.revision).map((check) => {
    let verdict: ConformanceVerdict = check.verdict(observations);
    // With no session nothing was observed; as in the official harness, that is every check's failure, never a skip
    // (an unreachable server must not pass).
    if (!observations.connect.ok && verdict.status === 'SKIPPED') {
      verdict = { status: 'FAIL', message: `no session: ${observations.connect.message}` };
    }
    let status: ConformanceStatus = verdict.status;
    if (status === 'FAIL') {
      const entries = expectedFailures.filter((entry) => entryMatches(entry, check.scenario, check.id));
      if (entries.length > 0) {
        status = 'XFAIL';
        for (const entry of entries) used.add(entry);
      }
    }
    const notScored = check.notScoredIn?.[observations.revision];
    return {
      id: check.id,
      scenario: check.scenario,
      title: check.title,
      specUrl: check.specUrl,
      status,
      ...(verdict.message === undefined ? {} : { message: verdict.message }),
      ...(verdict.evidence === undefined ? {} : { evidence: verdict.evidence }),
      ...(notScored === undefined ? {} : { notScored }),
    };
  });
  const counts: Record<ConformanceStatus, number> = { PASS: 0, FAIL: 0, WARN: 0, SKIPPED: 0, XFAIL: 0 };
  for (const result of results) counts[result.status] += 1;
  // An entry for a check that was SKIPPED says nothing about the fix, so it is not called stale.
  const skipped = results.filter((result) => result.status === 'SKIPPED');
  const staleExpectedFailures = [...new Set(expectedFailures)].filter(
    (entry) => !used.has(entry) && !skipped.some((result) => entryMatches(entry, result.scenario, result.id)),
  );
  return {
    revision: observations.revision,
    results,
    counts,
    staleExpectedFailures,
    // A not-scored check (pending in the requirement file) is reported, but its FAIL does not fail the run.
    ok:
      !results.some((result) => result.status === 'FAIL' && result.notScored === undefined) &&
      staleExpectedFailures.length === 0,
  };
}
