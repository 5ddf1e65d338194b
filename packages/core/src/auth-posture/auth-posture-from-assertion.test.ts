import { describe, expect, it } from 'vitest';
import { authPostureAssertionResults } from './auth-posture-assertion-results';
import { authPostureResultFromAssertion } from './auth-posture-from-assertion';
import type { AuthPostureResult, AuthPostureSummary } from './auth-posture-types';
import { AUTH_POSTURE_CATALOG } from './catalog';

const finding = (id: string) => {
  const entry = AUTH_POSTURE_CATALOG.find((f) => f.id === id);
  if (entry === undefined) throw new Error(`no finding ${id}`);
  const { verdict: _verdict, ...rest } = entry;
  return rest;
};

/** One result per status, the way evaluateAuthPosture builds them (evidence included: it is not stored). */
const results: AuthPostureResult[] = [
  { ...finding('no-token-401'), status: 'PASS', evidence: { status: 401 } },
  { ...finding('no-token-challenge'), status: 'WARN', message: 'the Bearer challenge carries no resource_metadata' },
  { ...finding('resource-metadata-valid'), status: 'PASS' },
  {
    ...finding('resource-metadata-names-server'),
    status: 'FAIL',
    message: '`resource` names http://x/mcp [odd], not this server',
  },
  { ...finding('garbage-token-refused'), status: 'FAIL', message: 'accepted a garbage token: HTTP 200' },
  { ...finding('expired-token-refused'), status: 'FAIL' },
  { ...finding('other-resource-token-refused'), status: 'SKIPPED', message: 'no credentials' },
  { ...finding('query-token-refused'), status: 'SKIPPED' },
];
const summary: AuthPostureSummary = { results, counts: { PASS: 2, FAIL: 3, WARN: 1, SKIPPED: 2 }, ok: false };

describe('authPostureResultFromAssertion', () => {
  it('gives back each finding as authPostureAssertionResults stored it, less the evidence', () => {
    const stored = authPostureAssertionResults(summary).map(({ name, status, detail }) => ({ name, status, detail }));
    const back = stored.map((row) => authPostureResultFromAssertion(row));
    expect(back).toEqual(results.map(({ evidence: _evidence, ...rest }) => rest));
  });

  it('reads a null detail, and leaves other results and unknown finding ids out', () => {
    expect(
      authPostureResultFromAssertion({ name: 'auth_posture no-token-401', status: 'PASS', detail: null }),
    ).toMatchObject({ id: 'no-token-401', status: 'PASS', severity: 'critical' });
    expect(authPostureResultFromAssertion({ name: 'conformance ping', status: 'PASS' })).toBeUndefined();
    expect(authPostureResultFromAssertion({ name: 'auth_posture retired-finding', status: 'FAIL' })).toBeUndefined();
    // A PASS whose detail merely mentions WARN later is a PASS.
    expect(
      authPostureResultFromAssertion({ name: 'auth_posture no-token-401', status: 'PASS', detail: 'no WARN here' }),
    ).toMatchObject({ status: 'PASS', message: 'no WARN here' });
  });
});
