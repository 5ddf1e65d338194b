import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { DataTable } from '@/components/data-table';
import { formatDuration } from '@/components/runs/format';
import { StatusPill } from '@/components/status-pill';
import { TimeStamp } from '@/components/time-stamp';
import { badgeUrls } from '@/server/services/badges/badge-urls';
import { getPublicSuiteStatus, type PublicRunStatus } from '@/server/services/badges/get-public-suite-status';
import { getServiceDeps } from '@/server/services/get-service-deps';
import '@/styles/runs.css';

export const dynamic = 'force-dynamic';

// The key is a credential of sorts (whoever has it sees the page): keep the page out of search engines' indexes.
export const metadata: Metadata = { title: 'Status · mcptest', robots: { index: false, follow: false } };

interface Props {
  params: Promise<{ key: string }>;
}

function counts(run: PublicRunStatus): string {
  if (run.status === 'error') return 'could not be tested';
  return `${run.passed} of ${run.total} passed${run.failed ? `, ${run.failed} failed` : ''}${run.skipped ? `, ${run.skipped} skipped` : ''}`;
}

/**
 * A suite's public status page, where its README badge links: anyone with the badge's key sees the suite's name, the
 * latest verdict and the last runs' outcomes, and nothing else (docs/badges.md, "Status page"). No sign-in; an
 * unknown key (or a suite id) is the plain 404 page.
 */
export default async function PublicStatusPage({ params }: Props) {
  const { key } = await params;
  const deps = getServiceDeps();
  const status = await getPublicSuiteStatus(deps, key);
  if (!status) notFound();
  const { latest, history } = status;
  // Relative, so the page works under whatever host name it is served.
  const badge = badgeUrls('', key);
  return (
    <main className="page public-status" id="main">
      <p className="muted">Test status by mcptest</p>
      <h1>{status.suiteName}</h1>
      <section className="card" aria-labelledby="public-latest-title">
        <h2 id="public-latest-title">Latest verdict</h2>
        <img src={badge.svgUrl} alt={`Status badge: ${latest ? latest.status : 'no runs'}`} />
        {latest ? (
          <p>
            <StatusPill status={latest.status} /> {counts(latest)}
            {latest.finishedAt ? (
              <>
                {' '}
                · finished <TimeStamp value={latest.finishedAt} />
              </>
            ) : null}
          </p>
        ) : (
          <p>This suite has not finished a run yet.</p>
        )}
      </section>
      {history.length > 0 ? (
        <section className="card" aria-labelledby="public-history-title">
          <h2 id="public-history-title">Recent runs</h2>
          <DataTable
            caption={`The last ${history.length} finished runs, newest first`}
            columns={['Finished', 'Verdict', 'Assertions', 'Duration']}
          >
            {history.map((run, index) => (
              <tr key={index}>
                <td>{run.finishedAt ? <TimeStamp value={run.finishedAt} /> : '—'}</td>
                <td>
                  <StatusPill status={run.status} />
                </td>
                <td>{counts(run)}</td>
                <td>{formatDuration(run.durationMs)}</td>
              </tr>
            ))}
          </DataTable>
        </section>
      ) : null}
      <p className="muted">
        Passed: every assertion held. Failed: at least one did not. Error: the server could not be tested (unreachable,
        or the run hit a limit).
      </p>
    </main>
  );
}
