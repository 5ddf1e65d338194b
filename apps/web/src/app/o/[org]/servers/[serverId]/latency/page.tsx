import { EmptyState } from '@/components/empty-state';
import { LatencyChart } from '@/components/latency/latency-chart';
import { parseLatencyRuns } from '@/components/latency/parse-latency-runs';
import { ToolLatencyTable } from '@/components/latency/tool-latency-table';
import { PageHeader } from '@/components/page-header';
import { ServerTabs } from '@/components/servers/server-tabs';
import { TRANSPORT_LABELS } from '@/components/servers/tool-labels';
import { getServerLatency } from '@/server/services/latency/get-server-latency';
import { getProjectOrThrow } from '@/server/services/projects/get-project-or-throw';
import { getServer } from '@/server/services/servers/get-server';
import { loadOrgPage, orNotFound } from '@/server/ui/load-org-page';
import '@/styles/servers.css';
import '@/styles/latency.css';

export const metadata = { title: 'Latency · mcptest' };

interface Props {
  params: Promise<{ org: string; serverId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/**
 * A server's Latency tab: p50/p95/p99 per tool across all its suites' last runs, and the per-run trend. SLOs belong to
 * suites (each suite's Latency tab judges its own).
 */
export default async function ServerLatencyPage({ params, searchParams }: Props) {
  const { org, serverId } = await params;
  const ctx = await loadOrgPage(org, `/o/${org}/servers/${serverId}/latency`);
  const server = await orNotFound(getServer(ctx.deps, ctx.actor, serverId));
  const [project, latency] = await Promise.all([
    getProjectOrThrow(ctx.deps, ctx.actor, server.projectId),
    getServerLatency(ctx.deps, ctx.actor, serverId, parseLatencyRuns(await searchParams)),
  ]);
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
      {latency.tools.length === 0 ? (
        <EmptyState title="No calls measured yet">
          <p>Latency appears once a run of one of this server’s suites has passed or failed with a tool call.</p>
        </EmptyState>
      ) : (
        <>
          <section className="card" aria-labelledby="latency-tools-title">
            <h2 id="latency-tools-title">Per tool, last {latency.windowRuns} runs of its suites</h2>
            <ToolLatencyTable
              latency={latency}
              caption={`p50, p95 and p99 per tool over the last ${latency.windowRuns} runs of this server's suites`}
              withSlo={false}
            />
          </section>
          <div className="card">
            <LatencyChart title="Trend" trend={latency.trend} runsPath={`/o/${org}/runs`} />
          </div>
        </>
      )}
    </main>
  );
}
