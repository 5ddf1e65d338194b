import type { TenantDb } from '../tenant/tenant-scope';

/** The outbox row's side effects are all done: the reconciler stops replaying it. */
export async function markRunOutboxDone(db: TenantDb, outboxId: string, now: Date): Promise<void> {
  await db.runOutbox.updateMany({ where: { id: outboxId, doneAt: null }, data: { doneAt: now } });
}
