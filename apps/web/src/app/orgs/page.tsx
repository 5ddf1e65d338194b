import Link from 'next/link';
import { EmptyState } from '@/components/empty-state';
import { requireUser } from '@/server/auth/require-user';
import { listMyOrganizations } from '@/server/orgs/list-my-organizations';
import { getServiceDeps } from '@/server/services/get-service-deps';
import { CreateOrganizationForm } from './create-organization-form';

export const metadata = { title: 'Organizations · mcptest' };

/** Where a signed-in person lands: their organizations, and creating one. */
export default async function OrganizationsPage() {
  const user = await requireUser('/orgs');
  const orgs = await listMyOrganizations(getServiceDeps(), { userId: user.userId, email: user.email ?? '' });
  return (
    <main className="page" id="main">
      <h1>Your organizations</h1>
      {orgs.length === 0 ? (
        <EmptyState title="You are not in an organization yet">
          <p>
            An organization holds your MCP servers, test suites, runs and API tokens, and the people who share them.
            Create one below, or ask a teammate for an invitation link.
          </p>
        </EmptyState>
      ) : (
        <ul className="card-list">
          {orgs.map((org) => (
            <li key={org.tenantId} className="card">
              <Link href={`/o/${org.slug}`} className="card-title">
                {org.name}
              </Link>
              <span className="muted"> · {org.role.toLowerCase()}</span>
            </li>
          ))}
        </ul>
      )}
      <CreateOrganizationForm />
    </main>
  );
}
