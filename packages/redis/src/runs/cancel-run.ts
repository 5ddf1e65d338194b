import { recordRunCancel, type TenantDb } from '@mcptest/db';
import type { FairAdmission } from '../fair/fair-admission';
import type { Queues } from '../jobs/create-queues';
import type { Redis } from '../redis';
import { publishRunCancel } from './run-cancel-channel';
import { settleRunOutbox } from './settle-run-outbox';

export interface CancelRunDeps {
  db: TenantDb;
  redis: Redis;
  prefix: string;
  fair: FairAdmission;
  queues: Queues;
  /** Public base URL of the web app (the webhook bodies of a run cancelled while queued). */
  appUrl: string;
  now?: () => Date;
}

export type CancelRunResult =
  /** It had not started: it is cancelled now and will never start. */
  | { outcome: 'cancelled' }
  /** It is running: the worker executing it stops it (within a second or so) and marks it cancelled. */
  | { outcome: 'cancelling' }
  | { outcome: 'already_finished'; status: string }
  | { outcome: 'not_found' };

/**
 * Cancels a run of the tenant. A queued run ends `cancelled` at once through packages/db's `finishRun` (webhooks
 * included), then its outbox is settled here (slot, `run.finished`, badges, webhook jobs); a job already handed to
 * BullMQ finds it finished and does nothing. A running run gets `cancelRequestedAt` (the worker's periodic check) and
 * a pub/sub message (the prompt path); the worker aborts the call in flight, skips the rest and finishes it.
 */
export async function cancelRun(deps: CancelRunDeps, runId: string): Promise<CancelRunResult> {
  const now = deps.now ?? (() => new Date());
  const recorded = await recordRunCancel(deps.db, { runId, appUrl: deps.appUrl, now: now() });
  switch (recorded.outcome) {
    case 'cancelled':
      // Should this process die first, the reconciler replays the outbox row.
      await settleRunOutbox({ ...deps, now }, recorded.finish.outbox);
      return { outcome: 'cancelled' };
    case 'cancelling':
      await publishRunCancel(deps.redis, deps.prefix, runId);
      return recorded;
    default:
      return recorded;
  }
}
