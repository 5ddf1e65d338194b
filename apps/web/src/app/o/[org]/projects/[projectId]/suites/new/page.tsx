import Link from 'next/link';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { SuiteForm } from '@/components/suites/suite-form';
import { projectServerOptions, timeZoneNames } from '@/components/suites/suite-page-data';
import { defaultServer } from '@/components/suites/server-options';
import { getProjectOrThrow } from '@/server/services/projects/get-project-or-throw';
import {
  PLACEHOLDER_EXAMPLE_YAML,
  scaffoldStarterSuite,
  type StarterSuite,
} from '@/server/services/suites/scaffold-starter-suite';
import { loadOrgPage, orNotFound } from '@/server/ui/load-org-page';
import { createSuiteAction } from './actions';

export const metadata = { title: 'New suite · mcptest' };

interface Props {
  params: Promise<{ org: string; projectId: string }>;
  searchParams: Promise<{ from?: string; server?: string }>;
}

/**
 * A new suite: name, server, YAML (an example made from the server's discovered tools, or with `?from=<serverId>` a
 * starter suite with one test per tool), and optionally a schedule. MEMBER or higher.
 */
export default async function NewSuitePage({ params, searchParams }: Props) {
  const { org, projectId } = await params;
  const { from, server: serverParam } = await searchParams;
  const ctx = await loadOrgPage(org, `/o/${org}/projects/${projectId}/suites/new`, 'MEMBER');
  const project = await orNotFound(getProjectOrThrow(ctx.deps, ctx.actor, projectId));
  const servers = await projectServerOptions(ctx.deps, ctx.actor, projectId);
  const crumbs = [
    { href: `/o/${org}`, label: 'Projects' },
    { href: `/o/${org}/projects/${projectId}`, label: project.name },
  ];

  if (servers.length === 0) {
    return (
      <main className="page" id="main">
        <PageHeader title="New suite" crumbs={crumbs} />
        <EmptyState
          title="Register a server first"
          action={
            <Link className="btn btn-primary" href={`/o/${org}/projects/${projectId}/servers/new`}>
              Register a server
            </Link>
          }
        >
          <p>
            A suite runs against one of this project’s MCP servers. Register the server’s URL, discover its tools, and
            come back: the editor then starts from an example that calls them.
          </p>
        </EmptyState>
      </main>
    );
  }

  const wanted = from ?? serverParam;
  const chosen = defaultServer(servers, wanted)!;
  let starter: StarterSuite | undefined;
  let notice: ReactNode;
  if (from && chosen.id !== from) {
    notice = <span role="alert">That server is not one of this project’s; pick one below.</span>;
  } else if (from) {
    starter = await scaffoldStarterSuite(ctx.deps, ctx.actor, { serverId: chosen.id, kind: 'starter' });
    notice = starter.discovered ? (
      <>
        Starter suite generated from the discovery of {chosen.name}: {starter.tools}{' '}
        {starter.tools === 1 ? 'test' : 'tests'}, one per tool
        {starter.needsReview ? ` (${starter.needsReview} destructive skipped until reviewed)` : ''}. Review the made-up
        arguments, then create the suite.
      </>
    ) : (
      <>
        {chosen.name} has not been discovered yet: discover the server first, then generate its starter suite.{' '}
        <Link href={`/o/${org}/servers/${chosen.id}`}>Open {chosen.name}</Link>
      </>
    );
  }
  const initialYaml = starter?.discovered
    ? starter.yaml
    : ((await scaffoldStarterSuite(ctx.deps, ctx.actor, { serverId: chosen.id, kind: 'example' })).yaml ??
      PLACEHOLDER_EXAMPLE_YAML);

  return (
    <main className="page" id="main">
      <PageHeader
        title="New suite"
        crumbs={crumbs}
        description="A suite is a list of assertions: each calls a tool (or reads a resource, gets a prompt…) and checks the answer."
      />
      <SuiteForm
        org={org}
        mode="new"
        action={createSuiteAction}
        hidden={{ projectId }}
        servers={servers}
        zones={timeZoneNames()}
        initial={{
          name: starter?.discovered ? `${chosen.name} starter suite` : '',
          serverId: chosen.id,
          yaml: initialYaml,
          timezone: 'UTC',
        }}
        notice={notice}
        submitLabel="Create suite"
      />
    </main>
  );
}
