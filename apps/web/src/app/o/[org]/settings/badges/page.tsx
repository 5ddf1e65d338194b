import Link from 'next/link';
import { BadgeSnippets } from '@/components/badges/badge-snippets';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { Pagination } from '@/components/pagination';
import { projectBadgeUrls } from '@/server/services/badges/badge-urls';
import { ensureProjectBadgeKey } from '@/server/services/badges/ensure-project-badge-key';
import { listProjects } from '@/server/services/projects/list-projects';
import { listSuites } from '@/server/services/suites/list-suites';
import { loadOrgPage } from '@/server/ui/load-org-page';

export const metadata = { title: 'Badges · mcptest' };

/** Projects per page; each shows its own badge and up to SUITES_PER_PROJECT suite badges. */
const PROJECTS_PER_PAGE = 10;
const SUITES_PER_PROJECT = 20;

interface Props {
  params: Promise<{ org: string }>;
  searchParams: Promise<{ cursor?: string }>;
}

/**
 * Status badges to embed in READMEs: per project (all its suites' latest runs together) and per suite, with Markdown
 * and HTML snippets. Every member may read them, as the API's read scope may.
 */
export default async function BadgesPage({ params, searchParams }: Props) {
  const { org } = await params;
  const { cursor } = await searchParams;
  const path = `/o/${org}/settings/badges`;
  const ctx = await loadOrgPage(org, path);
  const appUrl = ctx.deps.appUrl;
  const projects = await listProjects(ctx.deps, ctx.actor, { limit: PROJECTS_PER_PAGE, cursor });
  const sections = await Promise.all(
    projects.items.map(async (project) => ({
      project,
      badge: projectBadgeUrls(appUrl, await ensureProjectBadgeKey(ctx.deps, ctx.actor, project.id)),
      suites: await listSuites(ctx.deps, ctx.actor, project.id, { limit: SUITES_PER_PROJECT }),
    })),
  );
  return (
    <main className="page" id="main">
      <PageHeader
        title="Badges"
        description="Show your MCP server’s test status where people look: paste a snippet into a README. Badge URLs are public but unguessable, and show only the status of the latest run."
      />
      {sections.length === 0 && !cursor ? (
        <EmptyState title="No badges yet">
          <p>
            Every project and every suite gets a badge. <Link href={`/o/${org}`}>Create a project</Link> and a suite,
            run it, and its badge turns green (or red) here.
          </p>
        </EmptyState>
      ) : null}
      {sections.map(({ project, badge, suites }) => (
        <section
          key={project.id}
          className="card settings-badge-project"
          aria-labelledby={`badge-project-${project.id}`}
        >
          <h2 id={`badge-project-${project.id}`}>
            <Link href={`/o/${org}/projects/${project.id}`}>{project.name}</Link>
          </h2>
          <p className="field-hint">The project badge sums up the latest run of each of its suites.</p>
          <BadgeSnippets
            svgUrl={badge.svgUrl}
            jsonUrl={badge.jsonUrl}
            linkUrl={`${appUrl}/o/${org}/projects/${project.id}`}
            linkChoices={[
              { label: 'the project in mcptest (members only)', url: `${appUrl}/o/${org}/projects/${project.id}` },
            ]}
            label={project.name}
          />
          {suites.items.length === 0 ? (
            <p className="muted">No suites yet: the project badge says “no runs” until one of its suites has run.</p>
          ) : (
            <ul className="settings-badge-suites" aria-label={`Suites of ${project.name}`}>
              {suites.items.map((suite) => (
                <li key={suite.id}>
                  <h3>
                    Suite <Link href={`/o/${org}/suites/${suite.id}`}>{suite.name}</Link>
                  </h3>
                  <BadgeSnippets
                    svgUrl={suite.badge.svgUrl}
                    jsonUrl={suite.badge.jsonUrl}
                    linkUrl={suite.badge.statusUrl}
                    linkChoices={[
                      { label: 'its public status page (anyone)', url: suite.badge.statusUrl },
                      { label: 'the suite in mcptest (members only)', url: `${appUrl}/o/${org}/suites/${suite.id}` },
                    ]}
                    label={suite.name}
                  />
                </li>
              ))}
            </ul>
          )}
          {suites.nextCursor ? (
            <p className="muted">
              The {SUITES_PER_PROJECT} newest suites are shown; every suite’s page has its badge too.
            </p>
          ) : null}
        </section>
      ))}
      <Pagination basePath={path} params={{ cursor }} nextCursor={projects.nextCursor} label="Project pages" />
    </main>
  );
}
