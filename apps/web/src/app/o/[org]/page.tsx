import Link from 'next/link';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { Pagination } from '@/components/pagination';
import { TimeStamp } from '@/components/time-stamp';
import { listProjects } from '@/server/services/projects/list-projects';
import { loadOrgPage } from '@/server/ui/load-org-page';
import { CreateProjectForm } from './create-project-form';

export const metadata = { title: 'Projects · mcptest' };

interface Props {
  params: Promise<{ org: string }>;
  searchParams: Promise<{ cursor?: string }>;
}

/** The organization's home: its projects, newest first, and the first step when there are none. */
export default async function ProjectsPage({ params, searchParams }: Props) {
  const { org } = await params;
  const { cursor } = await searchParams;
  const ctx = await loadOrgPage(org, `/o/${org}`);
  const page = await listProjects(ctx.deps, ctx.actor, { limit: 20, cursor });
  return (
    <main className="page" id="main">
      <PageHeader title="Projects" description="A project groups an MCP server with the suites that test it." />
      {page.items.length === 0 && !cursor ? (
        <EmptyState title="Start with a project">
          <p>
            Three steps to a first green run: create a project, register your server’s URL and discover its tools, then
            write (or generate) a suite and run it.
          </p>
          {ctx.can('MEMBER') ? null : <p>Your role is viewer: ask a member of this organization to create one.</p>}
        </EmptyState>
      ) : (
        <>
          <table className="table">
            <caption className="sr-only">Projects</caption>
            <thead>
              <tr>
                <th scope="col">Project</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((project) => (
                <tr key={project.id}>
                  <td>
                    <Link href={`/o/${org}/projects/${project.id}`}>{project.name}</Link>
                  </td>
                  <td>
                    <TimeStamp value={project.createdAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination basePath={`/o/${org}`} params={{ cursor }} nextCursor={page.nextCursor} />
        </>
      )}
      {ctx.can('MEMBER') ? <CreateProjectForm org={org} /> : null}
    </main>
  );
}
