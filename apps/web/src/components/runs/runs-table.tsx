import Link from 'next/link';
import type { RunListItem } from '@/server/services/runs/run-schemas';
import { StatusPill } from '@/components/status-pill';
import { TimeStamp } from '@/components/time-stamp';
import { formatDuration, shortId, triggerLabel } from './format';
import { DataTable } from '@/components/data-table';

/** A page of runs, newest first. With `suiteNames`, a Suite column (the organization-wide list). */
export function RunsTable({
  org,
  runs,
  caption,
  suiteNames,
}: {
  org: string;
  runs: RunListItem[];
  caption: string;
  suiteNames?: Record<string, { name: string; projectName: string }>;
}) {
  // Most teams run without branches; an empty column would only push the useful ones off a narrow screen.
  const showBranch = runs.some((run) => run.branch || run.commitSha);
  return (
    <DataTable
      caption={caption}
      columns={[
        'Run',
        suiteNames && 'Suite',
        'Result',
        'Trigger',
        showBranch && 'Branch · commit',
        'Duration',
        'Queued',
      ]}
      className="runs-table"
    >
      {runs.map((run) => {
        const suite = suiteNames?.[run.suiteId];
        return (
          <tr key={run.id}>
            <td className="runs-cell-run">
              <StatusPill status={run.status} />{' '}
              <Link href={`/o/${org}/runs/${run.id}`} aria-label={`Run ${shortId(run.id)}, ${run.status}`}>
                #{shortId(run.id)}
              </Link>
            </td>
            {suiteNames ? (
              <td>
                {suite ? (
                  <Link href={`/o/${org}/suites/${run.suiteId}`}>{suite.name}</Link>
                ) : (
                  <span className="muted">deleted suite</span>
                )}
                {suite ? <span className="muted runs-sub">{suite.projectName}</span> : null}
              </td>
            ) : null}
            <td>
              {run.status === 'queued' || run.status === 'running' ? (
                <span className="muted">in progress</span>
              ) : (
                compactSummary(run.summary)
              )}
              {run.regressions.length > 0 ? (
                <span className="runs-regression-mark runs-sub">
                  <span aria-hidden="true">▼ </span>
                  {run.regressions.length} regression{run.regressions.length === 1 ? '' : 's'}
                </span>
              ) : null}
            </td>
            <td>{triggerLabel(run.trigger)}</td>
            {showBranch ? (
              <td>
                {run.branch ?? <span className="muted">—</span>}
                {run.commitSha ? <code className="runs-sub">{run.commitSha.slice(0, 10)}</code> : null}
              </td>
            ) : null}
            <td>{run.startedAt ? formatDuration(run.durationMs) : <span className="muted">—</span>}</td>
            <td>
              <TimeStamp value={run.queuedAt} />
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}

/** "3/4 passed · 1 failed": short enough for a table cell. */
function compactSummary(summary: RunListItem['summary']): string {
  if (summary.total === 0) return 'nothing recorded';
  const parts = [`${summary.passed}/${summary.total} passed`];
  if (summary.failed) parts.push(`${summary.failed} failed`);
  if (summary.skipped) parts.push(`${summary.skipped} skipped`);
  return parts.join(' · ');
}
