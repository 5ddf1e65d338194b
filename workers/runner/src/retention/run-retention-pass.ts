import { setTimeout as sleep } from 'node:timers/promises';
import { PlanName, retentionCutoffs, type RetentionCutoffs } from '@mcptest/core';
import {
  deleteExpiredRows,
  deleteExpiredRuns,
  deleteUnreferencedSurfaceSnapshots,
  EXPIRING_TABLES,
  pruneExpiredTranscripts,
  type ExpiringTable,
} from '@mcptest/db';
import type { WorkerDeps } from '../worker-deps';

export interface RetentionSettings {
  /** Most rows one statement deletes (or whose transcript it removes). */
  batchSize: number;
  /** Most runs one run-deleting step picks. */
  runsPerBatch: number;
  /** Pause between two batches, so autovacuum, replication and the runs being written keep up. */
  pauseMs: number;
  /** A pass stops after this long (the rest waits for the next pass), so one pass never outlives its lock. */
  maxPassMs: number;
}

/** Rows deleted per table; `AssertionResult.transcript` counts results whose transcript was removed. */
export type RetentionCounts = Record<string, number>;

export interface RetentionReport {
  deleted: RetentionCounts;
  /** Statements run (each one bounded by batchSize). */
  batches: number;
  /** False when the pass stopped at maxPassMs or was asked to stop: more may be expired. */
  complete: boolean;
  ms: number;
}

/** One bounded step: what it deleted, by table, and whether a full batch says more may be left. */
type Step = () => Promise<{ counts: RetentionCounts; more: boolean }>;

/**
 * One retention pass over every plan: runs (results first, then the emptied runs), transcripts, webhook deliveries,
 * the audit log, surface changes and snapshots, and rollups past their years, each deleted with the plan's cutoff
 * (`retentionCutoffs`, packages/core) in bounded statements with a pause between them. Stops early at `maxPassMs` or
 * when `signal` aborts (worker shutdown), between two statements, never inside one.
 */
export async function runRetentionPass(
  deps: Pick<WorkerDeps, 'db' | 'plans' | 'metrics' | 'now'>,
  settings: RetentionSettings,
  signal?: AbortSignal,
): Promise<RetentionReport> {
  const started = performance.now();
  const cutoffs = retentionCutoffs(deps.plans, deps.now());
  const deleted: RetentionCounts = {};
  let batches = 0;
  for (const step of retentionSteps(deps, cutoffs, settings)) {
    for (;;) {
      if (signal?.aborted || performance.now() - started > settings.maxPassMs) {
        return report(deps, deleted, batches, false, started);
      }
      const { counts, more } = await step();
      batches += 1;
      for (const [table, n] of Object.entries(counts)) {
        if (n === 0) continue;
        deleted[table] = (deleted[table] ?? 0) + n;
        deps.metrics.retentionRowsDeleted.inc({ table }, n);
      }
      if (!more) break;
      await sleep(settings.pauseMs);
    }
  }
  return report(deps, deleted, batches, true, started);
}

function report(
  deps: Pick<WorkerDeps, 'metrics'>,
  deleted: RetentionCounts,
  batches: number,
  complete: boolean,
  started: number,
): RetentionReport {
  const ms = Math.round(performance.now() - started);
  deps.metrics.retentionPass.observe(ms / 1000);
  return { deleted, batches, complete, ms };
}

/** The steps of a pass in order: runs before transcripts (a run deleted takes its transcripts with it). */
function retentionSteps(deps: Pick<WorkerDeps, 'db'>, cutoffs: RetentionCutoffs, settings: RetentionSettings): Step[] {
  const { db } = deps;
  const { batchSize, runsPerBatch } = settings;
  const steps: Step[] = [];
  for (const plan of PlanName.options) {
    const cut = cutoffs[plan];
    steps.push(async () => {
      const r = await deleteExpiredRuns(db, { plan, before: cut.runs, batchSize, runsPerBatch });
      return { counts: { Run: r.runs, AssertionResult: r.assertionResults }, more: r.runs + r.assertionResults > 0 };
    });
    steps.push(async () => {
      const n = await pruneExpiredTranscripts(db, { plan, before: cut.transcripts, batchSize });
      return { counts: { 'AssertionResult.transcript': n }, more: n >= batchSize };
    });
    for (const table of Object.keys(EXPIRING_TABLES) as ExpiringTable[]) {
      steps.push(async () => {
        const n = await deleteExpiredRows(db, { table, plan, before: cut[EXPIRING_TABLES[table].cutoff], batchSize });
        return { counts: { [table]: n }, more: n >= batchSize };
      });
    }
    steps.push(async () => {
      const n = await deleteUnreferencedSurfaceSnapshots(db, { plan, before: cut.runs, batchSize });
      return { counts: { SurfaceSnapshot: n }, more: n >= batchSize };
    });
  }
  return steps;
}
