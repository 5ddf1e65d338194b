import { suiteNextFireAt } from '@mcptest/core';
import type { Database } from '../database';

export interface ArmSuiteSchedulesResult {
  /** Suites whose nextFireAt was set. */
  armed: number;
  /** Scheduled suites whose pattern or zone no longer reads (left unarmed; the API shows the schedule as invalid). */
  unreadable: string[];
}

/**
 * Arms scheduled suites that have no nextFireAt: those saved before the column existed (the migration cannot read a
 * cron), or written directly. Every save arms its suite itself; this is the reconciler's safety net, in batches of
 * `limit`, each row written only if still unarmed (a save racing it wins).
 */
export async function armSuiteSchedules(
  db: Database,
  input: { now: Date; limit: number },
): Promise<ArmSuiteSchedulesResult> {
  const suites = await db.unscoped.suite.findMany({
    where: { enabled: true, scheduleEnabled: true, schedule: { not: null }, nextFireAt: null },
    select: { id: true, schedule: true, timezone: true, enabled: true, scheduleEnabled: true },
    take: input.limit,
  });
  const result: ArmSuiteSchedulesResult = { armed: 0, unreadable: [] };
  for (const suite of suites) {
    const nextFireAt = suiteNextFireAt(suite, input.now.getTime());
    if (nextFireAt === null) {
      result.unreadable.push(suite.id);
      continue;
    }
    const written = await db.unscoped.suite.updateMany({
      where: { id: suite.id, nextFireAt: null },
      data: { nextFireAt, fireLeaseUntil: null },
    });
    result.armed += written.count;
  }
  return result;
}
