import { evaluateSlo } from '@mcptest/core';
import { findLatencyWindow } from '@mcptest/db';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { getServerOrThrow } from '@/server/services/servers/get-server-or-throw';
import { DEFAULT_LATENCY_RUNS, type LatencyQuery, type LatencyResource, toLatencyResource } from './latency-schemas';

/**
 * A server's latency per tool across all its suites, over their last N finished runs together (the server page's
 * Latency tab). No SLO is applied: each suite has its own, judged on the suite's tab.
 */
export async function getServerLatency(
  deps: ServiceDeps,
  actor: Actor,
  serverId: string,
  query: LatencyQuery,
): Promise<LatencyResource> {
  const server = await getServerOrThrow(deps, actor, serverId);
  const runs = query.runs ?? DEFAULT_LATENCY_RUNS;
  const window = await findLatencyWindow(deps.db.tenant(actor.tenantId), { scope: { serverId: server.id }, runs });
  return toLatencyResource(runs, undefined, evaluateSlo(undefined, window), new Set());
}
