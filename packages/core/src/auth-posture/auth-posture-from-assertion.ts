import { AUTH_POSTURE_CATALOG } from './catalog';
import { AUTH_POSTURE_RESULT_PREFIX } from './auth-posture-assertion-results';
import type { AuthPostureResult, AuthPostureStatus } from './auth-posture-types';

/** A stored result of a run, as the hosted AssertionResult row keeps it (no `authPosture` column). */
export interface StoredAssertionLike {
  readonly name: string;
  readonly status: 'PASS' | 'FAIL' | 'SKIP';
  readonly detail?: string | null;
}

/**
 * The inverse of authPostureAssertionResults, for a run's stored results: the name carries the finding id, the
 * catalog gives the title, severity, rationale and spec references, and the detail carries the verdict's message in
 * the form authPostureAssertionResults wrote it (`WARN: ...` on a PASS; `<severity>: <message> [<spec url>]` on a
 * FAIL), which is undone here so the one format has one home. Undefined for a result that is not an auth-posture
 * finding, or one whose id the catalog no longer has (a renamed finding of an old run: nothing to explain it with).
 * Evidence is not stored with a result, so a mapped finding has none.
 */
export function authPostureResultFromAssertion(row: StoredAssertionLike): AuthPostureResult | undefined {
  if (!row.name.startsWith(AUTH_POSTURE_RESULT_PREFIX)) return undefined;
  const id = row.name.slice(AUTH_POSTURE_RESULT_PREFIX.length);
  const finding = AUTH_POSTURE_CATALOG.find((entry) => entry.id === id);
  if (finding === undefined) return undefined;
  const detail = row.detail ?? '';
  let status: AuthPostureStatus;
  let message = detail;
  if (row.status === 'PASS' && (detail === 'WARN' || detail.startsWith('WARN: '))) {
    status = 'WARN';
    message = detail.slice('WARN: '.length);
  } else if (row.status === 'FAIL') {
    status = 'FAIL';
    const severityPrefix = `${finding.severity}: `;
    if (message.startsWith(severityPrefix)) message = message.slice(severityPrefix.length);
    const ref = finding.specRefs[0];
    const refSuffix = ref === undefined ? '' : ` [${ref.url}]`;
    if (refSuffix !== '' && message.endsWith(refSuffix)) message = message.slice(0, -refSuffix.length);
    // A FAIL without a message was written with the title in its place.
    if (message === finding.title) message = '';
  } else {
    status = row.status === 'PASS' ? 'PASS' : 'SKIPPED';
  }
  return {
    id: finding.id,
    title: finding.title,
    severity: finding.severity,
    rationale: finding.rationale,
    specRefs: finding.specRefs,
    status,
    ...(message === '' ? {} : { message }),
  };
}
