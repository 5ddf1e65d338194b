import Link from 'next/link';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { Pagination } from '@/components/pagination';
import { CreateWebhookForm } from '@/components/settings/create-webhook-form';
import { TimeStamp } from '@/components/time-stamp';
import { listProjects } from '@/server/services/projects/list-projects';
import { getAllowedAddresses } from '@/server/services/servers/get-allowed-addresses';
import { listTenantWebhooks } from '@/server/services/webhooks/list-tenant-webhooks';
import { loadOrgPage } from '@/server/ui/load-org-page';
import { createWebhookAction } from './actions';
import { DataTable } from '@/components/data-table';

export const metadata = { title: 'Webhooks · mcptest' };

interface Props {
  params: Promise<{ org: string }>;
  searchParams: Promise<{ cursor?: string }>;
}

/** Every webhook of the organization, newest first; every member reads them, ADMIN and up create and change them. */
export default async function WebhooksPage({ params, searchParams }: Props) {
  const { org } = await params;
  const { cursor } = await searchParams;
  const path = `/o/${org}/settings/webhooks`;
  const ctx = await loadOrgPage(org, path);
  const canEdit = ctx.can('ADMIN');
  const [page, projects] = await Promise.all([
    listTenantWebhooks(ctx.deps, ctx.actor, { limit: 20, cursor }),
    canEdit ? listProjects(ctx.deps, ctx.actor, { limit: 100 }) : null,
  ]);
  return (
    <main className="page" id="main">
      <PageHeader
        title="Webhooks"
        description="mcptest POSTs a signed JSON message to your URL when a run finishes: to post in chat, open an issue or gate a deploy."
      />
      {canEdit ? null : (
        <p className="settings-readonly" role="note">
          You can read the webhooks and their delivery logs; admins and owners change them.
        </p>
      )}
      {page.items.length === 0 && !cursor ? (
        <EmptyState title="No webhooks yet">
          <p>
            A webhook belongs to a project and reports its runs: <code>run.completed</code> for every run,{' '}
            <code>run.failed</code> and <code>run.regressed</code> for the ones that need someone. Each delivery is
            signed (Standard Webhooks), retried with backoff, and logged here.
          </p>
          {canEdit && projects?.items.length === 0 ? (
            <p>
              First <Link href={`/o/${org}`}>create a project</Link>.
            </p>
          ) : null}
        </EmptyState>
      ) : (
        <>
          <DataTable
            caption="Webhooks, newest first"
            columns={['URL', 'Project', 'Events', 'Status', 'Created']}
            className="settings-table"
          >
            {page.items.map((webhook) => (
              <tr key={webhook.id}>
                <th scope="row">
                  <Link href={`${path}/${webhook.id}`} className="settings-url">
                    {webhook.url}
                  </Link>
                </th>
                <td data-label="Project">{webhook.projectName}</td>
                <td data-label="Events">{webhook.events.join(', ')}</td>
                <td data-label="Status">
                  {webhook.enabled ? (
                    <span className="pill pill-ok">Enabled</span>
                  ) : (
                    <span className="pill pill-bad">Disabled</span>
                  )}
                  {webhook.consecutiveFailures > 0 ? (
                    <span className="settings-sub">
                      {webhook.consecutiveFailures} failure{webhook.consecutiveFailures === 1 ? '' : 's'} in a row
                    </span>
                  ) : null}
                </td>
                <td data-label="Created">
                  <TimeStamp value={webhook.createdAt} />
                </td>
              </tr>
            ))}
          </DataTable>
          <Pagination basePath={path} params={{ cursor }} nextCursor={page.nextCursor} label="Webhook pages" />
        </>
      )}
      {canEdit && projects && projects.items.length > 0 ? (
        <CreateWebhookForm
          org={org}
          action={createWebhookAction}
          projects={projects.items.map((p) => ({ id: p.id, name: p.name }))}
          moreProjects={projects.nextCursor !== null}
          addresses={getAllowedAddresses(ctx.deps)}
        />
      ) : null}
    </main>
  );
}
