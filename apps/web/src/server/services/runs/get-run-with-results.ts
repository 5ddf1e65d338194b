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
}

/**
 * A run and its results for the run page. Unlike `getRun` (the REST shape) each result carries its id, so the page can
 * fetch one transcript when asked instead of loading every JSON-RPC exchange of the run up front.
 */
export async function getRunWithResults(
  deps: ServiceDeps,
  actor: Actor,
  runId: string,
): Promise<{ run: RunListItem; results: RunResultView[] }> {
  const row = await getRunRowOrThrow(deps, actor, runId);
  const results = await findRunResults(deps.db.tenant(actor.tenantId), runId);
  return {
    run: toRunListItem(row, deps.appUrl),
    results: results.map((r) => ({ ...r, detail: r.detail ?? '' })),
  };
}
