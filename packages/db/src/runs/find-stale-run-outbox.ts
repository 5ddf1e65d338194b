import type { Database } from '../database';
import type { RunOutboxEntry } from './run-outbox-payload';

/**
 * Outbox rows still not done `graceMs` after they were written, oldest first, across tenants: the process that
 * finished those runs died (or lost Redis) before their side effects were done. The grace leaves the finishing worker
 * time to do them itself.
 */
export function findStaleRunOutbox(db: Database, input: { now: Date; graceMs: number; limit?: number }) {
  return db.unscoped.runOutbox.findMany({
    where: { doneAt: null, createdAt: { lt: new Date(input.now.getTime() - input.graceMs) } },
    orderBy: { createdAt: 'asc' },
    take: input.limit ?? 500,
    select: { id: true, tenantId: true, runId: true, payload: true },
  }) as Promise<RunOutboxEntry[]>;
}
