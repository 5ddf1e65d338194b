import { cancelRun as cancelQueuedOrRunning } from '@mcptest/queue';
import { ApiError } from '../../api/api-error';
import type { Actor, ServiceDeps } from '../service-deps';
import { getRunRowOrThrow } from './get-run';

/** Cancels a queued run at once, or asks the worker running it to stop (it ends `cancelled` within a second or so). */
export async function cancelRunRequest(deps: ServiceDeps, actor: Actor, runId: string) {
  await getRunRowOrThrow(deps, actor, runId);
  const result = await cancelQueuedOrRunning(
    { db: deps.db.tenant(actor.tenantId), redis: deps.redis, prefix: deps.prefix, fair: deps.fair, now: deps.now },
    runId,
  );
  if (result.outcome === 'not_found') throw new ApiError('not_found', 'run not found');
  const status =
    result.outcome === 'already_finished'
      ? result.status.toLowerCase()
      : result.outcome === 'cancelled'
        ? 'cancelled'
        : 'running';
  return { id: runId, outcome: result.outcome, status: status as 'cancelled' };
}
