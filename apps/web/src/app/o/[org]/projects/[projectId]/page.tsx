import cronstrue from 'cronstrue';
import Link from 'next/link';
import { BadgeSnippets } from '@/components/badges/badge-snippets';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { CreateProjectBadge } from '@/components/projects/project-badge';
import { DeleteProjectForm } from '@/components/projects/delete-project-form';
import { RenameProjectForm } from '@/components/projects/rename-project-form';
import { Pagination } from '@/components/pagination';
import { TRANSPORT_LABELS } from '@/components/servers/tool-labels';
import { StatusPill } from '@/components/status-pill';
import { TimeStamp } from '@/components/time-stamp';
import { projectBadgeUrls } from '@/server/services/badges/badge-urls';
import { countProjectContents } from '@/server/services/projects/count-project-contents';
import { getProjectOrThrow } from '@/server/services/projects/get-project-or-throw';
import { listProjectSuites } from '@/server/services/projects/list-project-suites';
import { listServers } from '@/server/services/servers/list-servers';
import { loadOrgPage, orNotFound } from '@/server/ui/load-org-page';
import { createProjectBadgeAction, deleteProjectAction, renameProjectAction } from './actions';
import { DataTable } from '@/components/data-table';
import '@/styles/servers.css';

export const metadata = { title: 'Project · mcptest' };

const PAGE_SIZE = 10;

interface Props {
  params: Promise<{ org: string; projectId: string }>;
  searchParams: Promise<{ servers?: string; suites?: string }>;
}

/** "every hour" from a cron, or the cron itself when cronstrue cannot say it. */
function describeSchedule(cron: string): string {
  try {
    return cronstrue.toString(cron, { use24HourTimeFormat: true, verbose: false });
  } catch {
    return cron;
  }
}

/**
 * A project: its servers and suites (each paginated on its own), the next step when either is missing, its badge, and
 * for members and admins rename and delete.
 */
export default async function ProjectPage({ params, searchParams }: Props) {
  const { org, projectId } = await params;
  const query = await searchParams;
  const ctx = await loadOrgPage(org, `/o/${org}/projects/${projectId}`);
  const project = await orNotFound(getProjectOrThrow(ctx.deps, ctx.actor, projectId));
  const [servers, suites, contents] = await Promise.all([
    listServers(ctx.deps, ctx.actor, projectId, { limit: PAGE_SIZE, cursor: query.servers }),
    listProjectSuites(ctx.deps, ctx.actor, projectId, { limit: PAGE_SIZE, cursor: query.suites }),
    ctx.can('ADMIN') ? countProjectContents(ctx.deps, ctx.actor, projectId) : Promise.resolve(null),
  ]);
  const base = `/o/${org}/projects/${project.id}`;
  const canEdit = ctx.can('MEMBER');
  const hasServer = servers.items.length > 0 || Boolean(query.servers);
  const hasSuite = suites.items.length > 0 || Boolean(query.suites);
  const firstServer = servers.items[0];
  const badge = project.badgeKey ? projectBadgeUrls(ctx.deps.appUrl, project.badgeKey) : null;
  return (
    <main className="page" id="main">
      <PageHeader
        title={project.name}
        crumbs={[{ href: `/o/${org}`, label: 'Projects' }]}
        actions={
          canEdit ? (
            <>
              <Link href={`${base}/servers/new`} className={`btn ${hasServer ? 'btn-secondary' : 'btn-primary'}`}>
                Register server
              </Link>
              {hasServer ? (
                <Link href={`${base}/suites/new`} className="btn btn-primary">
                  New suite
                </Link>
              ) : null}
            </>
          ) : null
        }
      />

      <section aria-labelledby="servers-title" className="servers-section">
        <h2 id="servers-title">Servers</h2>
        {!hasServer ? (
          <EmptyState
            title="Register your MCP server"
            action={
              canEdit ? (
                <Link href={`${base}/servers/new`} className="btn btn-primary">
                  Register a server
                </Link>
              ) : (
                <p className="muted">Your role is viewer: ask a member to register one.</p>
              )
            }
          >
            <p>A server is the remote MCP endpoint your suites test. You give mcptest two things:</p>
            <ul>
              <li>
                its <strong>URL</strong>, the public address of the MCP endpoint (e.g.{' '}
                <code>https://mcp.example.com/mcp</code>), plus any header it needs such as an API key;
              </li>
              <li>
                its <strong>transport</strong>: Streamable HTTP (current servers, usually <code>/mcp</code>), legacy SSE
                (older servers, usually <code>/sse</code>), or auto to let mcptest try both.
              </li>
            </ul>
            <p>Then discover its tools: mcptest lists and classifies them before anything is called.</p>
          </EmptyState>
        ) : (
          <>
            <DataTable
              caption={`Servers of ${project.name}`}
              columns={['Server', 'URL', 'Transport', 'Last discovery']}
              className="servers-stack"
            >
              {servers.items.map((server) => (
                <tr key={server.id}>
                  <th scope="row" data-label="Server">
                    <Link href={`/o/${org}/servers/${server.id}`}>{server.name}</Link>
                  </th>
                  <td data-label="URL">
                    <code className="servers-url">{server.url}</code>
                  </td>
                  <td data-label="Transport">{TRANSPORT_LABELS[server.transport]}</td>
                  <td data-label="Last discovery">
                    {server.discoveredAt ? (
                      <TimeStamp value={server.discoveredAt} />
                    ) : (
                      <Link href={`/o/${org}/servers/${server.id}`}>Not yet: discover</Link>
                    )}
                  </td>
                </tr>
              ))}
            </DataTable>
            <Pagination
              basePath={base}
              param="servers"
              params={query}
              nextCursor={servers.nextCursor}
              label="Server pages"
            />
          </>
        )}
      </section>

      <section aria-labelledby="suites-title" className="servers-section">
        <h2 id="suites-title">Suites</h2>
        {!hasSuite ? (
          hasServer ? (
            <EmptyState
              title="Write your first suite"
              action={
                canEdit ? (
                  <div className="servers-empty-actions">
                    <Link href={`${base}/suites/new`} className="btn btn-primary">
                      Write your first suite
                    </Link>
                    {firstServer ? (
                      <Link href={`${base}/suites/new?from=${firstServer.id}`}>
                        or generate a starter suite from discovery
                      </Link>
                    ) : null}
                  </div>
                ) : (
                  <p className="muted">Your role is viewer: ask a member to write one.</p>
                )
              }
            >
              <p>
                A suite is a YAML file of assertions: call a tool with arguments, expect something of the result (
                <code>contains</code>, <code>json_path</code>, <code>max_ms</code>…). Run it on demand, on a schedule,
                or from CI.
              </p>
              <p>
                Not sure where to start? Generate a starter suite from the server’s discovered tools: one safe test per
                read-only tool, with destructive ones written out for review and never run.
              </p>
            </EmptyState>
          ) : (
            <p className="muted">Suites come next: each one tests a registered server.</p>
          )
        ) : (
          <>
            <DataTable
              caption={`Suites of ${project.name}`}
              columns={['Suite', 'Server', 'Schedule', 'Latest run']}
              className="servers-stack"
            >
              {suites.items.map((suite) => (
                <tr key={suite.id}>
                  <th scope="row" data-label="Suite">
                    <Link href={`/o/${org}/suites/${suite.id}`}>{suite.name}</Link>
                  </th>
                  <td data-label="Server">
                    <Link href={`/o/${org}/servers/${suite.serverId}`}>{suite.serverName}</Link>
                  </td>
                  <td data-label="Schedule">
                    {suite.schedule ? (
                      <>
                        {describeSchedule(suite.schedule)}
                        <span className="muted">
                          {' '}
                          ({suite.timezone}){suite.enabled ? '' : ', paused'}
                        </span>
                      </>
                    ) : (
                      <span className="muted">On demand</span>
                    )}
                  </td>
                  <td data-label="Latest run">
                    {suite.latestRun ? (
                      <>
                        <Link href={`/o/${org}/runs/${suite.latestRun.id}`} className="servers-run-link">
                          <StatusPill status={suite.latestRun.status} />
                        </Link>{' '}
                        <span className="muted">
                          <TimeStamp value={suite.latestRun.createdAt} />
                        </span>
                      </>
                    ) : (
                      <span className="muted">No runs yet</span>
                    )}
                  </td>
                </tr>
              ))}
            </DataTable>
            <Pagination
              basePath={base}
              param="suites"
              params={query}
              nextCursor={suites.nextCursor}
              label="Suite pages"
            />
          </>
        )}
      </section>

      <section className="card" aria-labelledby="badge-title">
        <h2 id="badge-title">Status badge</h2>
        {badge ? (
          <BadgeSnippets
            svgUrl={badge.svgUrl}
            jsonUrl={badge.jsonUrl}
            linkUrl={`${ctx.deps.appUrl}${base}`}
            linkChoices={[{ label: 'this project in mcptest (members only)', url: `${ctx.deps.appUrl}${base}` }]}
            label={`${project.name} tests`}
          />
        ) : (
          <CreateProjectBadge org={org} projectId={project.id} action={createProjectBadgeAction} />
        )}
      </section>

      {canEdit ? (
        <section className="card" aria-labelledby="settings-title">
          <h2 id="settings-title">Project settings</h2>
          <RenameProjectForm org={org} project={project} action={renameProjectAction} />
        </section>
      ) : null}
      {contents ? (
        <section className="card servers-danger" aria-labelledby="delete-project-title">
          <h2 id="delete-project-title">Delete project</h2>
          <details>
            <summary>Delete {project.name}…</summary>
            <DeleteProjectForm org={org} project={project} contents={contents} action={deleteProjectAction} />
          </details>
        </section>
      ) : null}
    </main>
  );
}
