import { evaluateSlo, loadSuite, parseSloBreaches } from '@mcptest/core';
import { findLatencyWindow } from '@mcptest/db';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { getSuiteOrThrow } from '@/server/services/suites/get-suite-or-throw';
import { DEFAULT_LATENCY_RUNS, type LatencyQuery, type LatencyResource, toLatencyResource } from './latency-schemas';

/**
 * A suite's latency over its last N finished runs (`?runs=`, default the window of its `slo:`, else 20): p50/p95/p99
 * per tool and overall, per run for the trend, and the targets of its current `slo:` (the suite page's Latency tab,
 * `GET /suites/{id}/latency`). The runs and calls counted are the worker's (`findLatencyWindow`).
 */
export async function getSuiteLatency(
  deps: ServiceDeps,
  actor: Actor,
  suiteId: string,
  query: LatencyQuery,
): Promise<LatencyResource> {
  const suite = await getSuiteOrThrow(deps, actor, suiteId);
  const loaded = loadSuite(suite.yaml, 'suite.yaml');
  const slo = loaded.ok ? loaded.suite.slo : undefined;
  const runs = query.runs ?? slo?.over ?? DEFAULT_LATENCY_RUNS;
  const window = await findLatencyWindow(deps.db.tenant(actor.tenantId), { scope: { suiteId: suite.id }, runs });
  const breached = new Set(window.filter((r) => parseSloBreaches(r.sloBreaches).length > 0).map((r) => r.runId));
  const evaluation = evaluateSlo(slo ? { ...slo, over: runs } : undefined, window);
  return toLatencyResource(runs, slo, evaluation, breached);
}
