import Link from 'next/link';
import { CoverageTable } from '@/components/coverage/coverage-table';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { ServerTabs } from '@/components/servers/server-tabs';
import { TRANSPORT_LABELS } from '@/components/servers/tool-labels';
import { getServerCoverage } from '@/server/services/coverage/get-server-coverage';
import { getProjectOrThrow } from '@/server/services/projects/get-project-or-throw';
import { getServer } from '@/server/services/servers/get-server';
import { loadOrgPage, orNotFound } from '@/server/ui/load-org-page';
import '@/styles/runs.css';
import '@/styles/servers.css';

export const metadata = { title: 'Coverage · mcptest' };

interface Props {
  params: Promise<{ org: string; serverId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/**
 * A server's Coverage tab: which of its discovered tools the assertions of its suites (or of one, `?suiteId=`) call,
 * by risk phase, with the uncovered mutating and destructive tools and the ones needing review. From the stored
 * discovery: before one, it says to discover the server.
 */
export default async function ServerCoveragePage({ params, searchParams }: Props) {
  const { org, serverId } = await params;
  const ctx = await loadOrgPage(org, `/o/${org}/servers/${serverId}/coverage`);
  const server = await orNotFound(getServer(ctx.deps, ctx.actor, serverId));
  const asked = (await searchParams).suiteId;
  const [project, all] = await Promise.all([
    getProjectOrThrow(ctx.deps, ctx.actor, server.projectId),
    getServerCoverage(ctx.deps, ctx.actor, serverId),
  ]);
  // A suite id that is not one of this server's (another server's, another tenant's, none) is ignored, like the runs
  // page's filter: the page then shows every suite, and says nothing about the id.
  const suiteId = typeof asked === 'string' && all.suites.some((suite) => suite.id === asked) ? asked : undefined;
  const coverage = suiteId ? await getServerCoverage(ctx.deps, ctx.actor, serverId, { suiteId }) : all;
  const suiteNames = new Map(all.suites.map((suite) => [suite.id, suite.name]));
  const base = `/o/${org}/servers/${serverId}/coverage`;
  return (
    <main className="page" id="main">
      <PageHeader
        title={server.name}
        crumbs={[
          { href: `/o/${org}`, label: 'Projects' },
          { href: `/o/${org}/projects/${project.id}`, label: project.name },
        ]}
        description={
          <>
            <code className="servers-url">{server.url}</code> · {TRANSPORT_LABELS[server.transport]}
          </>
        }
      />
      <ServerTabs org={org} serverId={server.id} />
      {coverage.report === null ? (
        <EmptyState title="Discover the server to see its coverage">
          <p>
            Coverage compares the tools this server lists with the tools your suites call. mcptest has not listed its
            tools yet: discover it on the <Link href={`/o/${org}/servers/${serverId}`}>Overview</Link> tab.
          </p>
        </EmptyState>
      ) : (
        <section className="card" aria-labelledby="coverage-title">
          <h2 id="coverage-title">Coverage by risk phase</h2>
          <p className="muted">
            Tools from the discovery of{' '}
            {coverage.discoveredAt ? new Date(coverage.discoveredAt).toUTCString() : 'this server'}
            {coverage.toolsTruncated ? ' (only part of the list: it was over the size limit)' : ''}. Runs execute
            assertions in this order: setup, read-only, low, medium, high. A setup step calls a tool without covering
            it.
          </p>
          {all.suites.length > 1 ? (
            <form method="get" action={base} className="runs-filters" aria-label="Filter coverage">
              <div className="field">
                <label htmlFor="coverage-suite">Suite</label>
                <select id="coverage-suite" name="suiteId" defaultValue={suiteId ?? ''}>
                  <option value="">All suites of this server</option>
                  {all.suites.map((suite) => (
                    <option key={suite.id} value={suite.id}>
                      {suite.name}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className="btn btn-secondary">
                Show
              </button>
            </form>
          ) : null}
          {coverage.suites.length === 0 ? <p>No suite tests this server yet: every tool is uncovered.</p> : null}
          {coverage.suites
            .filter((suite) => suite.problem)
            .map((suite) => (
              <p key={suite.id} className="muted">
                Suite “{suite.name}” is not counted: {suite.problem}.
              </p>
            ))}
          <CoverageTable report={coverage.report} caption={`Coverage of ${server.name}`} suiteNames={suiteNames} />
        </section>
      )}
    </main>
  );
}
