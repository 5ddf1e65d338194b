/** Small, pure formatting for run pages (server and client components share it). */

/** 850 ms, 1.2 s, 2 min 5 s. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return seconds ? `${minutes} min ${seconds} s` : `${minutes} min`;
}

/** A run's status in the words of the status pill and the status filter (the wire value is lowercase). */
export const RUN_STATUS_LABELS: Readonly<Record<string, string>> = {
  queued: 'Queued',
  running: 'Running',
  passed: 'Passed',
  failed: 'Failed',
  error: 'Error',
  cancelled: 'Cancelled',
};

const TRIGGERS: Record<string, string> = {
  manual: 'Manual',
  api: 'API',
  ci: 'CI',
  webhook: 'Trigger URL',
  schedule: 'Schedule',
};

/** How a run was started, in the words the UI uses elsewhere. */
export function triggerLabel(trigger: string): string {
  return TRIGGERS[trigger] ?? trigger;
}

/** Enough of a cuid to tell runs apart in a list (the full id is in the URL). */
export function shortId(id: string): string {
  return id.slice(-8);
}

export function isActive(status: string): boolean {
  return status === 'queued' || status === 'running';
}

/** "3 of 4 passed, 1 failed, 1 skipped" (only the counts that are not zero after the first). */
export function summaryText(summary: { total: number; passed: number; failed: number; skipped: number }): string {
  if (summary.total === 0) return 'no assertions recorded';
  const parts = [`${summary.passed} of ${summary.total} passed`];
  if (summary.failed) parts.push(`${summary.failed} failed`);
  if (summary.skipped) parts.push(`${summary.skipped} skipped`);
  return parts.join(', ');
}
