import { ConformanceReport } from '@/components/conformance/conformance-report';
import { RunConformanceForm } from '@/components/conformance/run-conformance-form';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { ServerTabs } from '@/components/servers/server-tabs';
import { TRANSPORT_LABELS } from '@/components/servers/tool-labels';
import { getProjectOrThrow } from '@/server/services/projects/get-project-or-throw';
import { listServerConformance } from '@/server/services/conformance/list-server-conformance';
import { getServer } from '@/server/services/servers/get-server';
import { loadOrgPage, orNotFound } from '@/server/ui/load-org-page';
import { runConformanceAction } from './actions';
import '@/styles/servers.css';

export const metadata = { title: 'Conformance · mcptest' };

interface Props {
  params: Promise<{ org: string; serverId: string }>;
}

/**
 * A server's Conformance tab: the latest conformance result per revision (headline, checks with spec links and
 * evidence, badge), and "Run conformance". Before any result it explains what conformance checks are.
 */
export default async function ServerConformancePage({ params }: Props) {
  const { org, serverId } = await params;
  const ctx = await loadOrgPage(org, `/o/${org}/servers/${serverId}/conformance`);
  const server = await orNotFound(getServer(ctx.deps, ctx.actor, serverId));
  const [project, conformance] = await Promise.all([
    getProjectOrThrow(ctx.deps, ctx.actor, server.projectId),
    listServerConformance(ctx.deps, ctx.actor, serverId),
  ]);
  const canRun = ctx.can('MEMBER');
  const runForm = canRun ? (
    <RunConformanceForm
      org={org}
      serverId={server.id}
      revisions={conformance.revisions}
      action={runConformanceAction}
    />
  ) : null;
  const missing = conformance.revisions.filter(
    (revision) => !conformance.items.some((item) => item.revision === revision),
  );
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
      {conformance.items.length === 0 ? (
        <EmptyState title="Check conformance to the MCP specification" action={runForm}>
          <p>
            Conformance checks ask whether this server follows the MCP specification of one revision, not whether your
            assertions pass: listing tools, resources and prompts, names and schemas, errors, headers, and what that
            revision requires. Check ids match the official conformance harness, and each links to its spec section.
          </p>
          <p>
            They run through mcptest’s own session (your headers, budget and safety policy): a check that must call a
            tool calls only tools your policy classes read-only, or tools you name as fixtures in the suite; any other
            such check is skipped, never run. Running makes a suite named <q>Conformance &lt;revision&gt;</q> on this
            server, where fixtures and expected failures can be added.
          </p>
          {canRun ? null : <p>Your role is viewer: ask a member to run it.</p>}
        </EmptyState>
      ) : (
        <>
          {runForm ? (
            <section className="card" aria-labelledby="conformance-run-title">
              <h2 id="conformance-run-title">Run conformance</h2>
              {runForm}
            </section>
          ) : null}
          {conformance.items.map((report) => (
            <ConformanceReport key={report.revision} org={org} report={report} />
          ))}
          {missing.length > 0 ? (
            <p className="muted">Not run yet for {missing.map((revision) => `MCP ${revision}`).join(' or ')}.</p>
          ) : null}
        </>
      )}
    </main>
  );
}
