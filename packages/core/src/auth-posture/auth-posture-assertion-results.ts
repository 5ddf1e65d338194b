import { assertNever, type AssertionResult, type AssertionStatus } from '../result/run-result';
import type { AuthPostureResult, AuthPostureSummary } from './auth-posture-types';

/** The name prefix of an auth-posture result in a run: `auth_posture garbage-token-refused`. */
export const AUTH_POSTURE_RESULT_PREFIX = 'auth_posture ';

/** WARN (a SHOULD) passes the run, as a conformance WARN does; SKIPPED is a skip. */
function statusOf(result: AuthPostureResult): AssertionStatus {
  switch (result.status) {
    case 'PASS':
    case 'WARN':
      return 'PASS';
    case 'FAIL':
      return 'FAIL';
    case 'SKIPPED':
      return 'SKIP';
    default:
      return assertNever(result.status);
  }
}

/** The detail names the severity and the first spec reference of a FAIL, so a run page says why it matters. */
function detailOf(result: AuthPostureResult): string {
  const message = result.message ?? '';
  if (result.status === 'WARN') return message === '' ? 'WARN' : `WARN: ${message}`;
  if (result.status === 'FAIL') {
    const ref = result.specRefs[0];
    return `${result.severity}: ${message === '' ? result.title : message}${ref === undefined ? '' : ` [${ref.url}]`}`;
  }
  return message;
}

/**
 * A posture summary as results of a suite run: one per finding, named `auth_posture <id>`, with the finding's own
 * verdict under `authPosture`. Durations are 0: the findings share the requests, whose time is the report's.
 */
export function authPostureAssertionResults(summary: AuthPostureSummary): AssertionResult[] {
  return summary.results.map((result) => ({
    name: `${AUTH_POSTURE_RESULT_PREFIX}${result.id}`,
    status: statusOf(result),
    detail: detailOf(result),
    durationMs: 0,
    authPosture: {
      findingId: result.id,
      status: result.status,
      severity: result.severity,
      specUrl: result.specRefs[0]?.url ?? '',
    },
  }));
}
