import { AUTH_POSTURE_CATALOG } from './catalog';
import type {
  AuthPostureObservations,
  AuthPostureResult,
  AuthPostureStatus,
  AuthPostureSummary,
  AuthPostureVerdict,
} from './auth-posture-types';

/**
 * Judges the observations with every finding of the catalog. When the server gave no answer at all (the request
 * without a token failed), a finding that would be SKIPPED is a FAIL instead: an unreachable server must not pass.
 */
export function evaluateAuthPosture(observations: AuthPostureObservations): AuthPostureSummary {
  const unreachable = observations.noToken.kind === 'failed' ? observations.noToken.message : undefined;
  const results = AUTH_POSTURE_CATALOG.map((finding): AuthPostureResult => {
    let verdict: AuthPostureVerdict = finding.verdict(observations);
    if (unreachable !== undefined && verdict.status === 'SKIPPED') {
      verdict = { status: 'FAIL', message: `no answer from the server: ${unreachable}` };
    }
    return {
      id: finding.id,
      title: finding.title,
      severity: finding.severity,
      rationale: finding.rationale,
      specRefs: finding.specRefs,
      status: verdict.status,
      ...(verdict.message === undefined ? {} : { message: verdict.message }),
      ...(verdict.evidence === undefined ? {} : { evidence: verdict.evidence }),
    };
  });
  const counts: Record<AuthPostureStatus, number> = { PASS: 0, FAIL: 0, WARN: 0, SKIPPED: 0 };
  for (const result of results) counts[result.status] += 1;
  return { results, counts, ok: counts.FAIL === 0 };
}
