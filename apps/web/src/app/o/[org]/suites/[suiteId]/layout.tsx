import Link from 'next/link';
import type { ReactNode } from 'react';
import { NavLinks } from '@/components/nav-links';
import { getProjectOrThrow } from '@/server/services/projects/get-project-or-throw';
import { getSuiteOrThrow } from '@/server/services/suites/get-suite-or-throw';
import { loadOrgLayout, orNotFound } from '@/server/ui/load-org-page';

/** A suite's pages share its name, its project and tabs: overview, editor, versions, schedule, runs, latency. */
export default async function SuiteLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ org: string; suiteId: string }>;
}) {
  const { org, suiteId } = await params;
  const ctx = await loadOrgLayout(org);
  // Signed out: the page below redirects to sign-in with its own path (loadOrgLayout says why).
  if (!ctx) return <>{children}</>;
  const suite = await orNotFound(getSuiteOrThrow(ctx.deps, ctx.actor, suiteId));
  const project = await getProjectOrThrow(ctx.deps, ctx.actor, suite.projectId);
  const base = `/o/${org}/suites/${suiteId}`;
  return (
    <div className="suite-frame">
      {/* A named region: the suite's name sits in a landmark like everything else on the page (axe `region`). */}
      <section className="suite-heading" aria-labelledby="suite-frame-name">
        <nav aria-label="Breadcrumb" className="breadcrumbs">
          <ol>
            <li>
              <Link href={`/o/${org}`}>Projects</Link>
            </li>
            <li>
              <Link href={`/o/${org}/projects/${project.id}`} title={project.name}>
                {project.name}
              </Link>
            </li>
          </ol>
        </nav>
        <p className="suite-name" id="suite-frame-name">
          Suite <strong>{suite.name}</strong> <span className="muted">v{suite.version}</span>
        </p>
        <nav aria-label="Suite" className="tabs">
          <NavLinks
            links={[
              { href: base, label: 'Overview', exact: true },
              { href: `${base}/edit`, label: 'Editor' },
              { href: `${base}/versions`, label: 'Versions' },
              { href: `${base}/schedule`, label: 'Schedule' },
              { href: `${base}/runs`, label: 'Runs' },
              { href: `${base}/latency`, label: 'Latency' },
            ]}
          />
        </nav>
      </section>
      {children}
    </div>
  );
}
