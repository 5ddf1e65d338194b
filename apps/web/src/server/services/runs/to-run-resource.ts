import type { RunListItem, RunResource } from './run-schemas';

export interface RunRow {
  id: string;
  projectId: string;
  suiteId: string;
  suiteVersion: number;
  status: string;
  trigger: string;
  commitSha: string | null;
  branch: string | null;
  total: number;
  passed: number;
  failed: number;
  skipped: number;
  regressions: unknown;
  callsUsed: number;
  requestsUsed: number;
  error: string | null;
  queuedAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  durationMs: number | null;
}

export interface ResultRow {
  name: string;
  status: 'PASS' | 'FAIL' | 'SKIP';
  detail: string | null;
  durationMs: number;
  tool: string | null;
  toolClass: string | null;
  decision: string | null;
  trial: number;
}

export function runUrl(appUrl: string, runId: string): string {
  return `${appUrl}/runs/${runId}`;
}

export function toRunListItem(row: RunRow, appUrl: string): RunListItem {
  return {
    id: row.id,
    url: runUrl(appUrl, row.id),
    projectId: row.projectId,
    suiteId: row.suiteId,
    suiteVersion: row.suiteVersion,
    status: row.status.toLowerCase() as RunListItem['status'],
    trigger: row.trigger.toLowerCase() as RunListItem['trigger'],
    commitSha: row.commitSha,
    branch: row.branch,
    summary: { total: row.total, passed: row.passed, failed: row.failed, skipped: row.skipped },
    regressions: Array.isArray(row.regressions) ? (row.regressions as RunListItem['regressions']) : [],
    callsUsed: row.callsUsed,
    requestsUsed: row.requestsUsed,
    error: row.error,
    queuedAt: row.queuedAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    durationMs: row.durationMs,
  };
}

export function toRunResource(row: RunRow, results: ResultRow[], appUrl: string): RunResource {
  return {
    ...toRunListItem(row, appUrl),
    results: results.map((r) => ({
      name: r.name,
      status: r.status,
      detail: r.detail ?? '',
      durationMs: r.durationMs,
      trial: r.trial,
      ...(r.tool ? { tool: r.tool } : {}),
      ...(r.toolClass ? { toolClass: r.toolClass } : {}),
      ...(r.decision ? { decision: r.decision } : {}),
    })),
  };
}
