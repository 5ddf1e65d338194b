import type { RunTrigger } from '../generated/prisma/enums';
import { DbError } from '../errors';
import type { TenantDb } from '../tenant/tenant-scope';

export interface CreateQueuedRunInput {
  suiteId: string;
  trigger: RunTrigger;
  commitSha?: string | undefined;
  branch?: string | undefined;
  /** Same key for the same suite returns the run created first (the API's Idempotency-Key, a schedule's firing). */
  idempotencyKey?: string | undefined;
  createdById?: string | undefined;
}

export interface QueuedRun {
  id: string;
  tenantId: string;
  suiteId: string;
  status: string;
}

/**
 * Creates a QUEUED run of the suite's current version (the caller enqueues it). With an idempotency key that was used
 * before on this suite, returns that run and `created: false`, even when two requests race (the unique index decides).
 */
export async function createQueuedRun(
  db: TenantDb,
  input: CreateQueuedRunInput,
): Promise<{ run: QueuedRun; created: boolean }> {
  const select = { id: true, tenantId: true, suiteId: true, status: true } as const;
  if (input.idempotencyKey !== undefined) {
    const existing = await db.run.findFirst({
      where: { suiteId: input.suiteId, idempotencyKey: input.idempotencyKey },
      select,
    });
    if (existing) return { run: existing, created: false };
  }
  const suite = await db.suite.findFirst({
    where: { id: input.suiteId },
    select: { id: true, projectId: true, serverId: true, version: true },
  });
  if (!suite) throw new DbError('not_found', `suite ${input.suiteId} not found`, { suiteId: input.suiteId });
  try {
    const run = await db.run.create({
      data: {
        tenantId: db.tenantId,
        status: 'QUEUED',
        projectId: suite.projectId,
        suiteId: suite.id,
        serverId: suite.serverId,
        suiteVersion: suite.version,
        trigger: input.trigger,
        commitSha: input.commitSha ?? null,
        branch: input.branch ?? null,
        idempotencyKey: input.idempotencyKey ?? null,
        createdById: input.createdById ?? null,
      },
      select,
    });
    return { run, created: true };
  } catch (error) {
    // P2002: a concurrent request with the same key won the race; answer with its run.
    if (input.idempotencyKey !== undefined && (error as { code?: string }).code === 'P2002') {
      const existing = await db.run.findFirst({
        where: { suiteId: input.suiteId, idempotencyKey: input.idempotencyKey },
        select,
      });
      if (existing) return { run: existing, created: false };
    }
    throw error;
  }
}
