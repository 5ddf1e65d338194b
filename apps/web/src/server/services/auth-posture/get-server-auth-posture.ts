import {
  AUTH_POSTURE_FINDING_IDS,
  AUTH_POSTURE_RESULT_PREFIX,
  authPostureResultFromAssertion,
  FINAL_RUN_STATUSES,
  RUN_STATUS_TO_WIRE,
} from '@mcptest/core';
import { runUrl } from '@/server/services/runs/to-run-resource';
import { getServerOrThrow } from '@/server/services/servers/get-server-or-throw';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { findServerCheckSuite } from '@/server/services/suites/run-server-check-suite';
import type { AuthPostureFindingResource, ServerAuthPosture } from './auth-posture-schemas';
import { AUTH_POSTURE_SUITE_NAME } from './run-auth-posture';

/**
 * A server's auth posture: the latest finished run of its `Auth posture` suite (found by name and server, as the
 * conformance suite is) with its `auth_posture <id>` results mapped back to the catalog. Unlike conformance there is
 * no report row: the run's results are the record, and core's authPostureResultFromAssertion reads them. 404 as the
 * server itself for another tenant or a token restricted to another project.
 */
export async function getServerAuthPosture(
  deps: ServiceDeps,
  actor: Actor,
  serverId: string,
): Promise<ServerAuthPosture> {
  await getServerOrThrow(deps, actor, serverId);
  const counts = { PASS: 0, FAIL: 0, WARN: 0, SKIPPED: 0 };
  const suite = await findServerCheckSuite(deps, actor, serverId, AUTH_POSTURE_SUITE_NAME);
  if (suite === null) {
    return { serverId, suiteId: null, run: null, inProgress: null, ok: null, counts, findings: [] };
  }
  const db = deps.db.tenant(actor.tenantId);
  const select = { id: true, status: true, finishedAt: true } as const;
  const order = [{ queuedAt: 'desc' as const }, { id: 'desc' as const }];
  const [finished, active] = await Promise.all([
    db.run.findFirst({
      where: { suiteId: suite.id, status: { in: [...FINAL_RUN_STATUSES] } },
      orderBy: order,
      select,
    }),
    db.run.findFirst({
      where: { suiteId: suite.id, status: { in: ['QUEUED', 'RUNNING'] } },
      orderBy: order,
      select,
    }),
  ]);
  const ref = (row: { id: string; status: keyof typeof RUN_STATUS_TO_WIRE }) => ({
    id: row.id,
    status: RUN_STATUS_TO_WIRE[row.status],
    url: runUrl(deps.appUrl, row.id),
  });
  const inProgress = active === null ? null : ref(active);
  if (finished === null) return { serverId, suiteId: suite.id, run: null, inProgress, ok: null, counts, findings: [] };
  // Trial 0: a posture result is never retried, and a suite with trials repeats the same requests.
  const rows = await db.assertionResult.findMany({
    where: { runId: finished.id, trial: 0, name: { startsWith: AUTH_POSTURE_RESULT_PREFIX } },
    select: { name: true, status: true, detail: true },
  });
  const byId = new Map<string, AuthPostureFindingResource>();
  for (const row of rows) {
    const finding = authPostureResultFromAssertion(row);
    if (finding !== undefined) byId.set(finding.id, { ...finding, specRefs: [...finding.specRefs] });
  }
  // Catalog order, whatever order the rows were written in.
  const findings = [...byId.values()].sort(
    (a, b) => AUTH_POSTURE_FINDING_IDS.indexOf(a.id) - AUTH_POSTURE_FINDING_IDS.indexOf(b.id),
  );
  for (const finding of findings) counts[finding.status] += 1;
  return {
    serverId,
    suiteId: suite.id,
    run: { ...ref(finished), finishedAt: finished.finishedAt?.toISOString() ?? null },
    inProgress,
    ok: findings.length === 0 ? null : counts.FAIL === 0,
    counts,
    findings,
  };
}
