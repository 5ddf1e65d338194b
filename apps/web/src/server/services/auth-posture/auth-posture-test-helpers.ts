// Seeding for the auth-posture tests without a worker: a finished run of a suite whose results are core's
// authPostureAssertionResults over core's verdicts of chosen observations, stored as the worker stores results.
import {
  authPostureAssertionResults,
  evaluateAuthPosture,
  type AuthPostureObservations,
  type AuthProbe,
} from '@mcptest/core';
import { seedRun, type Database } from '@mcptest/db';

const META_URL = 'http://127.0.0.1:9/.well-known/oauth-protected-resource/mcp';
const refused: AuthProbe = {
  kind: 'http',
  status: 401,
  wwwAuthenticate: 'Bearer error="invalid_token"',
  bearer: { error: 'invalid_token' },
};
const accepted: AuthProbe = { kind: 'http', status: 200 };

/**
 * What the OAuth harness's servers answer (test/oauth): `correct` refuses every token, `permissive` accepts any
 * token; neither was given client credentials, so the other-resource finding is SKIPPED.
 */
export function postureObservations(serverUrl: string, kind: 'correct' | 'permissive'): AuthPostureObservations {
  const token = kind === 'correct' ? refused : accepted;
  return {
    serverUrl,
    noToken: {
      kind: 'http',
      status: 401,
      wwwAuthenticate: `Bearer resource_metadata="${META_URL}"`,
      bearer: { resourceMetadata: META_URL },
    },
    metadata: {
      kind: 'fetched',
      url: META_URL,
      source: 'challenge',
      status: 200,
      body: { resource: serverUrl, authorization_servers: ['http://127.0.0.1:9'] },
    },
    tokens: {
      garbage: token,
      expired: token,
      alg_none: token,
      unknown_key: token,
      other_resource: { kind: 'not_run', reason: 'no client credentials' },
    },
    queryToken: { ...(kind === 'correct' ? { kind: 'http', status: 400 } : accepted), token: 'garbage' },
  };
}

let clock = Date.UTC(2026, 6, 1);

/** A finished run of the suite with one result per finding, queued after every run seeded before it. */
export async function seedAuthPostureRun(
  db: Database,
  seeded: { tenantId: string; suiteId: string },
  observations: AuthPostureObservations,
): Promise<{ runId: string }> {
  clock += 60_000;
  const summary = evaluateAuthPosture(observations);
  const results = authPostureAssertionResults(summary);
  const tenant = db.tenant(seeded.tenantId);
  const run = await seedRun(tenant, {
    suiteId: seeded.suiteId,
    status: summary.ok ? 'PASSED' : 'FAILED',
    total: results.length,
    failed: results.filter((r) => r.status === 'FAIL').length,
    queuedAt: new Date(clock),
  });
  // Written in reverse: the service gives them in catalog order whatever the storage order.
  for (const result of [...results].reverse()) {
    await tenant.assertionResult.create({
      data: {
        tenantId: seeded.tenantId,
        runId: run.id,
        assertionKey: result.name,
        name: result.name,
        status: result.status,
        detail: result.detail,
        durationMs: result.durationMs,
      },
    });
  }
  return { runId: run.id };
}
