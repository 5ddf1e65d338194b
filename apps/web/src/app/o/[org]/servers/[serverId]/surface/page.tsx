import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { Pagination } from '@/components/pagination';
import { ServerTabs } from '@/components/servers/server-tabs';
import { TRANSPORT_LABELS } from '@/components/servers/tool-labels';
import { shortHash, SurfaceChangeView } from '@/components/surface/surface-change-view';
import { ApproveSurfaceForm, SurfacePinForm } from '@/components/surface/surface-forms';
import { TimeStamp } from '@/components/time-stamp';
import { roleFor } from '@/server/services/permissions';
import { getProjectOrThrow } from '@/server/services/projects/get-project-or-throw';
import { getServer } from '@/server/services/servers/get-server';
import { getServerSurface } from '@/server/services/surface/get-server-surface';
import { SurfaceLintView } from '@/components/servers/surface-lint-view';
import { listSurfaceChanges } from '@/server/services/surface/list-surface-changes';
import type { ServerSurfaceResource } from '@/server/services/surface/surface-schemas';
import { loadOrgPage, orNotFound } from '@/server/ui/load-org-page';
import { approveSurfaceAction, setSurfacePinAction } from './actions';
import '@/styles/servers.css';

export const metadata = { title: 'Surface · mcptest' };

interface Props {
  params: Promise<{ org: string; serverId: string }>;
  searchParams: Promise<{ cursor?: string }>;
}

function approvedBy(approved: NonNullable<ServerSurfaceResource['approved']>): string {
  if (approved.by === null) return '';
  return approved.by.kind === 'user' ? ` by ${approved.by.email ?? 'a member'}` : ' by an API token';
}

/** "1 tool", "3 tools". */
function counted(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

const PIN_LABELS = { off: 'off', warn: 'warn', fail: 'fail' } as const;

/**
 * A server's Surface tab (docs/health.md): the surface last recorded by a run or a discovery (short hash, when, what
 * it lists), whether it is the approved one with "Approve this surface", the project's pin setting, and the drift
 * history, newest first, each change with its source and a readable diff (loud changes highlighted).
 */
export default async function ServerSurfacePage({ params, searchParams }: Props) {
  const { org, serverId } = await params;
  const search = await searchParams;
  const ctx = await loadOrgPage(org, `/o/${org}/servers/${serverId}/surface`);
  const server = await orNotFound(getServer(ctx.deps, ctx.actor, serverId));
  const [project, surface, changes] = await Promise.all([
    getProjectOrThrow(ctx.deps, ctx.actor, server.projectId),
    getServerSurface(ctx.deps, ctx.actor, serverId),
    listSurfaceChanges(ctx.deps, ctx.actor, serverId, { limit: 20, cursor: search.cursor }),
  ]);
  const canApprove = ctx.can(roleFor('approveServerSurface'));
  const canPin = ctx.can(roleFor('updateProject'));
  const base = `/o/${org}/servers/${server.id}`;
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
      {surface.hash === null ? (
        <EmptyState title="No surface recorded yet">
          <p>
            A server’s surface is everything it tells an agent before any tool is called: its tools with their
            descriptions, schemas and annotations, its resources and prompts, its instructions and server info. Each
            discovery and each run records it; a change between two recordings appears here as drift.
          </p>
          <p>
            <a href={base}>Discover the server</a> on its overview to record the first one.
          </p>
        </EmptyState>
      ) : (
        <section className="card" aria-labelledby="surface-current-title">
          <h2 id="surface-current-title">Current surface</h2>
          <dl className="servers-facts">
            <dt>Hash</dt>
            <dd>
              <code title={surface.hash} data-testid="surface-hash">
                {shortHash(surface.hash)}
              </code>
            </dd>
            <dt>Recorded</dt>
            <dd>
              <TimeStamp value={surface.recordedAt} /> (first seen <TimeStamp value={surface.firstSeenAt} />)
            </dd>
            <dt>Lists</dt>
            <dd>
              {[
                counted(surface.counts.tools, 'tool'),
                counted(surface.counts.resources, 'resource'),
                counted(surface.counts.resourceTemplates, 'resource template'),
                counted(surface.counts.prompts, 'prompt'),
              ].join(', ')}
            </dd>
            <dt>Approved</dt>
            <dd data-testid="surface-approved">
              {surface.approved === null ? (
                'No surface approved yet.'
              ) : surface.approvedIsCurrent ? (
                <>
                  <span className="pill pill-pass">Approved</span> <TimeStamp value={surface.approved.at} />
                  {approvedBy(surface.approved)}
                </>
              ) : (
                <>
                  <span className="pill pill-fail">Changed since approval</span> approved{' '}
                  <code title={surface.approved.hash}>{shortHash(surface.approved.hash)}</code>{' '}
                  <TimeStamp value={surface.approved.at} />
                  {approvedBy(surface.approved)}
                </>
              )}
            </dd>
          </dl>
          {canApprove && !surface.approvedIsCurrent ? (
            <ApproveSurfaceForm org={org} serverId={server.id} hash={surface.hash} action={approveSurfaceAction} />
          ) : null}
          {surface.surface ? <SurfaceLintView findings={surface.lint.findings} summary={surface.lint.summary} /> : null}
          {surface.surface ? (
            <details className="servers-diff">
              <summary>The surface as recorded (JSON)</summary>
              <pre className="servers-json" tabIndex={0}>
                {JSON.stringify(surface.surface, null, 2)}
              </pre>
            </details>
          ) : null}
        </section>
      )}
      <section className="card" aria-labelledby="surface-pin-title">
        <h2 id="surface-pin-title">Pin</h2>
        <p>
          The project’s pin decides what runs of its suites do when their server’s surface is not the approved one. It
          is <strong data-testid="surface-pin">{PIN_LABELS[surface.pin]}</strong>; a suite’s own <code>pin:</code> key
          overrides it.
        </p>
        {canPin ? (
          <SurfacePinForm org={org} projectId={project.id} pin={surface.pin} action={setSurfacePinAction} />
        ) : null}
      </section>
      <section aria-labelledby="surface-history-title" className="surface-history">
        <h2 id="surface-history-title">Drift history</h2>
        {changes.items.length === 0 ? (
          <p className="muted">No change recorded: every discovery and run has seen the same surface.</p>
        ) : (
          changes.items.map((change) => <SurfaceChangeView key={change.id} org={org} change={change} />)
        )}
        <Pagination
          basePath={`${base}/surface`}
          params={{ cursor: search.cursor }}
          nextCursor={changes.nextCursor}
          label="Drift history pages"
        />
      </section>
    </main>
  );
}
