import { RUN_STATUS_TO_WIRE, type WireRunStatus } from '@mcptest/core';
import { cancelRun as cancelQueuedOrRunning } from '@mcptest/redis';
import { ApiError } from '@/server/api/api-error';
import type { Actor, ServiceDeps } from '@/server/services/service-deps';
import { getRunRowOrThrow } from './get-run';

export interface CancelRunAnswer {
  id: string;
  /** `cancelled`: it had not started; `cancelling`: it is running and asked to stop; `already_finished`: too late. */
  outcome: 'cancelled' | 'cancelling' | 'already_finished';
  /** The run's status after the request, read back from the row: `running` while a cancel is under way. */
  status: WireRunStatus;
}

/**
 * Cancels a queued run at once (it ends `cancelled` through the same transaction as any run, webhooks included), or
 * asks the worker running it to stop (it ends `cancelled` within a second or so).
 */
export async function cancelRunRequest(deps: ServiceDeps, actor: Actor, runId: string): Promise<CancelRunAnswer> {
  await getRunRowOrThrow(deps, actor, runId);
  const db = deps.db.tenant(actor.tenantId);
  const result = await cancelQueuedOrRunning({ ...deps, db }, runId);
  if (result.outcome === 'not_found') throw new ApiError('not_found', 'run not found');
  // The status is read back rather than inferred from the outcome: the worker may finish (or honour the cancel) in the
  // moment between the request and this answer, and the answer says what the run is, not what it was.
  const latest = await db.run.findFirst({ where: { id: runId }, select: { status: true } });
  if (!latest) throw new ApiError('not_found', 'run not found');
  return { id: runId, outcome: result.outcome, status: RUN_STATUS_TO_WIRE[latest.status] };
}
