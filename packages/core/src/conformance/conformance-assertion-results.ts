import { assertNever, type AssertionResult, type AssertionStatus } from '../result/run-result';
import type { ConformanceResult, ConformanceSummary } from './conformance-types';

/** The name prefix of a conformance result in a run: `conformance tools-list`. */
export const CONFORMANCE_RESULT_PREFIX = 'conformance ';

/** How a check's verdict counts in a run: WARN (a SHOULD) and XFAIL (baselined) do not fail it, SKIPPED is a skip. */
function statusOf(result: ConformanceResult): AssertionStatus {
  switch (result.status) {
    case 'PASS':
    case 'WARN':
    case 'XFAIL':
      return 'PASS';
    case 'FAIL':
      return 'FAIL';
    case 'SKIPPED':
      return 'SKIP';
    default:
      return assertNever(result.status);
  }
}

/** The detail says WARN and XFAIL out loud, since the run status of both is PASS. */
function detailOf(result: ConformanceResult): string {
  const message = result.message ?? '';
  if (result.status === 'WARN') return message === '' ? 'WARN' : `WARN: ${message}`;
  if (result.status === 'XFAIL') {
    return message === '' ? 'XFAIL (in expected_failures)' : `XFAIL (in expected_failures): ${message}`;
  }
  return message;
}

/**
 * A conformance summary as results of a suite run: one per check (`conformance <check id>`, with the check's own
 * verdict under `conformance`), then one FAIL per stale `expected_failures` entry, since a stale entry fails the
 * official harness's run too. Durations are 0: the checks share one session, whose time is the report's.
 */
export function conformanceAssertionResults(summary: ConformanceSummary): AssertionResult[] {
  const checks = summary.results.map((result): AssertionResult => ({
    name: `${CONFORMANCE_RESULT_PREFIX}${result.id}`,
    status: statusOf(result),
    detail: detailOf(result),
    durationMs: 0,
    conformance: {
      checkId: result.id,
      scenario: result.scenario,
      status: result.status,
      specUrl: result.specUrl,
      revision: summary.revision,
    },
  }));
  const stale = summary.staleExpectedFailures.map((entry): AssertionResult => ({
    name: `${CONFORMANCE_RESULT_PREFIX}expected_failures ${entry}`,
    status: 'FAIL',
    detail: `stale expected_failures entry "${entry}": no check it names failed (the fix landed: remove the entry)`,
    durationMs: 0,
  }));
  return [...checks, ...stale];
}
