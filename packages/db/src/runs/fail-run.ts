import type { TenantDb } from '../tenant/tenant-scope';
import { finishRun, type FinishRunInput, type FinishRunResult } from './finish-run';

/**
 * The run cannot be executed at all (its job ran out of attempts, its workers keep dying): it ends `error` with the
 * reason, through the same transaction as any other end, so its webhooks and events go out like any run's.
 */
export function failRun(
  db: TenantDb,
  input: Omit<FinishRunInput, 'event' | 'error'> & { error: string },
): Promise<FinishRunResult> {
  return finishRun(db, { ...input, event: { type: 'fail' } });
}
