import Link from 'next/link';
import type { ReactNode } from 'react';

/** A page's title, its place in the organization (breadcrumbs) and its main actions. */
export function PageHeader({
  title,
  crumbs = [],
  actions,
  description,
}: {
  title: ReactNode;
  crumbs?: { href: string; label: string }[];
  actions?: ReactNode;
  description?: ReactNode;
}) {
  return (
    <header className="page-header">
      {crumbs.length ? (
        <nav aria-label="Breadcrumb" className="breadcrumbs">
          <ol>
            {crumbs.map((crumb) => (
              <li key={crumb.href}>
                <Link href={crumb.href} title={crumb.label}>
                  {crumb.label}
                </Link>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      <div className="page-header-row">
        <h1>{title}</h1>
        {actions ? <div className="page-actions">{actions}</div> : null}
      </div>
      {description ? <p className="lead">{description}</p> : null}
    </header>
  );
}
