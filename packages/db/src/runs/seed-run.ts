import type { RunStatus, RunTrigger } from '../generated/prisma/enums';
import { DbError } from '../errors';
import type { TenantDb } from '../tenant/tenant-scope';

export interface SeedRunInput {
  suiteId: string;
  status: RunStatus;
  total?: number | undefined;
  failed?: number | undefined;
  /** Defaults to `total - failed`. */
  passed?: number | undefined;
  trigger?: RunTrigger | undefined;
  branch?: string | undefined;
  durationMs?: number | undefined;
  /** When it was created and queued; now when absent (tests that order runs pass a clock). */
  queuedAt?: Date | undefined;
  /** A finished run's end; defaults to one second after `queuedAt`. */
  finishedAt?: Date | undefined;
}

/**
 * FOR TESTS AND BENCHMARKS ONLY: a run of the suite's current version already in `status` with the given counts, as
 * if a worker had run it, written in one insert (no results, no baseline, no webhooks, no outbox). It lives here so
 * that packages/db/src/runs stays the one place that writes a run's status (the ESLint rule in eslint.config.js);
 * application code moves runs through createQueuedRun, claimRun, finishRun and the rest, never through this.
 */
export async function seedRun(db: TenantDb, input: SeedRunInput): Promise<{ id: string }> {
  const suite = await db.suite.findFirst({
    where: { id: input.suiteId },
    select: { id: true, projectId: true, serverId: true, version: true },
  });
  if (!suite) throw new DbError('not_found', `suite ${input.suiteId} not found`, { suiteId: input.suiteId });
  const queuedAt = input.queuedAt ?? new Date();
  const started = input.status !== 'QUEUED';
  const finished = started && input.status !== 'RUNNING';
  const total = input.total ?? 0;
  const failed = input.failed ?? 0;
  return db.run.create({
    data: {
      tenantId: db.tenantId,
      projectId: suite.projectId,
      suiteId: suite.id,
      serverId: suite.serverId,
      suiteVersion: suite.version,
      trigger: input.trigger ?? 'API',
      status: input.status,
      total,
      failed,
      passed: input.passed ?? total - failed,
      branch: input.branch ?? null,
      durationMs: input.durationMs ?? null,
      createdAt: queuedAt,
      queuedAt,
      startedAt: started ? queuedAt : null,
      finishedAt: finished ? (input.finishedAt ?? new Date(queuedAt.getTime() + 1000)) : null,
    },
    select: { id: true },
  });
}
