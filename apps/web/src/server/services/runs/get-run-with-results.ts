import { type CoverageReport, runCoverageOf, toAssertionResultResource, type WireFinding } from '@mcptest/core';
import { findRunResults } from '@mcptest/db';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { getRunRowOrThrow } from './get-run';
import type { RunListItem } from './run-schemas';
import { toRunListItem } from './to-run-resource';

/** One assertion result as the run page shows it: the REST fields plus the row id its transcript is fetched by. */
export interface RunResultView {
  id: string;
  name: string;
  status: 'PASS' | 'FAIL' | 'SKIP';
  detail: string;
  durationMs: number;
  tool: string | null;
  toolClass: string | null;
  decision: string | null;
  trial: number;
  /** The MCP revision the result's messages were validated against, when they were (docs/protocol.md). */
  wireRevision: string | null;
  /** Where they broke its schema (empty when nowhere), read through the Run resource's mapper. */
  wireFindings: WireFinding[];
}

/**
 * A run and its results for the run page. Unlike `getRun` (the REST shape) each result carries its id, so the page can
 * fetch one transcript when asked instead of loading every JSON-RPC exchange of the run up front.
 */
export async function getRunWithResults(
  deps: ServiceDeps,
  actor: Actor,
  runId: string,
): Promise<{ run: RunListItem; results: RunResultView[]; coverage?: CoverageReport }> {
  const row = await getRunRowOrThrow(deps, actor, runId);
  const results = await findRunResults(deps.db.tenant(actor.tenantId), runId);
  const coverage = runCoverageOf(row.coverage);
  return {
    ...(coverage === undefined ? {} : { coverage }),
    run: toRunListItem(row, deps.appUrl),
    results: results.map((r) => ({
      ...r,
      detail: r.detail ?? '',
      wireFindings: toAssertionResultResource(r).wireFindings ?? [],
    })),
  };
}
