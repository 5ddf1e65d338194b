import Link from 'next/link';
import type { ReactNode } from 'react';
import { NavLinks } from '@/components/nav-links';
import { signOutAction } from '@/server/auth/sign-in-actions';
import { listMyOrganizations } from '@/server/orgs/list-my-organizations';
import { loadOrgLayout } from '@/server/ui/load-org-page';

/** The frame of every organization page: switcher, sections, who is signed in. Membership is checked here and again
 * by each page (layouts do not re-run on every navigation). */
export default async function OrgLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ org: string }>;
}) {
  const { org } = await params;
  const ctx = await loadOrgLayout(org);
  // Signed out: the page below redirects to sign-in with its own path (loadOrgLayout says why).
  if (!ctx) return <>{children}</>;
  const orgs = await listMyOrganizations(ctx.deps, ctx.user);
  const current = orgs.find((o) => o.tenantId === ctx.membership.tenantId);
  const base = `/o/${org}`;
  return (
    <div className="app">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="app-header">
        <Link href="/orgs" className="brand">
          mcptest
        </Link>
        <details className="org-switcher">
          {/* The visible words start the accessible name (label-content-name-mismatch); a long name is cut here and
              whole in the title. */}
          <summary aria-label={`${current?.name ?? org} (${ctx.membership.role.toLowerCase()}): switch organization`}>
            <span className="clamp" title={current?.name ?? org}>
              {current?.name ?? org}
            </span>{' '}
            <span className="muted">({ctx.membership.role.toLowerCase()})</span>
          </summary>
          <ul>
            {orgs.map((o) => (
              <li key={o.tenantId}>
                <Link href={`/o/${o.slug}`} aria-current={o.tenantId === ctx.membership.tenantId ? 'true' : undefined}>
                  {o.name}
                </Link>
              </li>
            ))}
            <li>
              <Link href="/orgs">New organization…</Link>
            </li>
          </ul>
        </details>
        <nav aria-label="Organization" className="app-nav">
          <NavLinks
            links={[
              { href: base, label: 'Projects', exact: true },
              { href: `${base}/runs`, label: 'Runs' },
              { href: `${base}/members`, label: 'Members' },
              { href: `${base}/settings`, label: 'Settings' },
            ]}
          />
        </nav>
        <form action={signOutAction} className="signout">
          <span className="muted user-email">{ctx.user.email}</span>
          <button type="submit" className="btn btn-secondary btn-small">
            Sign out
          </button>
        </form>
      </header>
      <div className="app-body">{children}</div>
    </div>
  );
}
