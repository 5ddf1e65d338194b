import { notFound, redirect } from 'next/navigation';
import { requireUser } from '@/server/auth/require-user';
import { listMyOrganizations } from '@/server/orgs/list-my-organizations';
import { getServiceDeps } from '@/server/services/get-service-deps';

export const metadata = { title: 'Run · mcptest' };

/**
 * `${APP_URL}/runs/<id>` is the run URL the API, `mcptest ci` and webhooks hand out: it opens the run's page in the
 * organization that owns it, for a member of that organization (anyone else gets the same 404 as for an unknown id).
 * A person is in a handful of organizations, so looking the run up in each is a few indexed queries.
 */
export default async function RunLinkPage({ params }: { params: Promise<{ runId: string }> }) {
  const { runId } = await params;
  const user = await requireUser(`/runs/${runId}`);
  const deps = getServiceDeps();
  for (const org of await listMyOrganizations(deps, { userId: user.userId, email: user.email ?? '' })) {
    const run = await deps.db.tenant(org.tenantId).run.findFirst({ where: { id: runId }, select: { id: true } });
    if (run) redirect(`/o/${org.slug}/runs/${run.id}`);
  }
  notFound();
}
