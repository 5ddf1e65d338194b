import Link from 'next/link';
import { CodeBlock } from '@/components/code-block';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { Pagination } from '@/components/pagination';
import { ActionButton } from '@/components/settings/action-button';
import { ConfirmAction } from '@/components/settings/confirm-action';
import { EditWebhookForm } from '@/components/settings/edit-webhook-form';
import { TimeStamp } from '@/components/time-stamp';
import { getProjectOrThrow } from '@/server/services/projects/get-project-or-throw';
import { getWebhook } from '@/server/services/webhooks/get-webhook';
import { listDeliveries } from '@/server/services/webhooks/list-deliveries';
import type { WebhookDeliveryResource } from '@/server/services/webhooks/webhook-schemas';
import { loadOrgPage, orNotFound } from '@/server/ui/load-org-page';
import {
  deleteWebhookAction,
  redeliverAction,
  rotateWebhookSecretAction,
  sendTestEventAction,
  setWebhookEnabledAction,
  updateWebhookAction,
} from '@/app/o/[org]/settings/webhooks/actions';
import { ACTIONS_COLUMN, DataTable } from '@/components/data-table';

export const metadata = { title: 'Webhook deliveries · mcptest' };

const STATUSES = ['failed', 'pending', 'succeeded'] as const;
type StatusFilter = (typeof STATUSES)[number];

interface Props {
  params: Promise<{ org: string; webhookId: string }>;
  searchParams: Promise<{ cursor?: string; status?: string }>;
}

/** One webhook: what it sends where, its delivery log (filterable, newest first), and, for ADMIN and up, its controls. */
export default async function WebhookPage({ params, searchParams }: Props) {
  const { org, webhookId } = await params;
  const query = await searchParams;
  const cursor = query.cursor;
  const status = STATUSES.includes(query.status as StatusFilter) ? (query.status as StatusFilter) : undefined;
  const path = `/o/${org}/settings/webhooks/${webhookId}`;
  const ctx = await loadOrgPage(org, path);
  const webhook = await orNotFound(getWebhook(ctx.deps, ctx.actor, webhookId));
  const [project, deliveries] = await Promise.all([
    getProjectOrThrow(ctx.deps, ctx.actor, webhook.projectId),
    listDeliveries(ctx.deps, ctx.actor, webhookId, { limit: 20, cursor, status }),
  ]);
  const canEdit = ctx.can('ADMIN');
  const fields = { org, webhookId };
  return (
    <main className="page" id="main">
      <PageHeader
        title="Webhook"
        crumbs={[
          { href: `/o/${org}/settings`, label: 'Settings' },
          { href: `/o/${org}/settings/webhooks`, label: 'Webhooks' },
        ]}
        description={<span className="settings-url">{webhook.url}</span>}
      />
      <section className="card" aria-labelledby="webhook-facts">
        <h2 id="webhook-facts">Details</h2>
        <dl className="settings-facts">
          <dt>Project</dt>
          <dd>
            <Link href={`/o/${org}/projects/${project.id}`}>{project.name}</Link>
          </dd>
          <dt>Events</dt>
          <dd>{webhook.events.join(', ')}</dd>
          <dt>Status</dt>
          <dd>
            {webhook.enabled ? (
              <span className="pill pill-ok">Enabled</span>
            ) : (
              <>
                <span className="pill pill-bad">Disabled</span>{' '}
                <span className="muted">
                  since <TimeStamp value={webhook.disabledAt} /> (by a user, a 410 Gone answer, or too many failures in
                  a row)
                </span>
              </>
            )}
          </dd>
          <dt>Failures in a row</dt>
          <dd>{webhook.consecutiveFailures}</dd>
          {webhook.previousSecretExpiresAt ? (
            <>
              <dt>Secret rotation</dt>
              <dd>
                The previous secret still signs until <TimeStamp value={webhook.previousSecretExpiresAt} /> (deliveries
                carry both signatures).
              </dd>
            </>
          ) : null}
          <dt>Created</dt>
          <dd>
            <TimeStamp value={webhook.createdAt} />
          </dd>
        </dl>
      </section>

      {canEdit ? (
        <section aria-labelledby="manage-title">
          <h2 id="manage-title" className="settings-section-title">
            Manage
          </h2>
          <div className="settings-manage">
            <div className="card">
              <h3>{webhook.enabled ? 'Pause deliveries' : 'Resume deliveries'}</h3>
              <p className="field-hint">
                {webhook.enabled
                  ? 'A disabled webhook gets nothing until it is enabled again.'
                  : 'Enabling resets the failure count; runs that finish from then on are delivered. Redeliver what was missed below.'}
              </p>
              <ActionButton
                action={setWebhookEnabledAction}
                fields={{ ...fields, enabled: webhook.enabled ? 'false' : 'true' }}
                label={webhook.enabled ? 'Disable webhook' : 'Enable webhook'}
                pendingText="Saving…"
              />
            </div>
            <div className="card">
              <h3>Test the receiver</h3>
              <p className="field-hint">
                Sends a signed <code>webhook.test</code> event now, whichever events are subscribed, to check the URL
                and your signature check before a run finishes.
              </p>
              {webhook.enabled ? (
                <ActionButton
                  action={sendTestEventAction}
                  fields={fields}
                  label="Send test event"
                  pendingText="Queueing…"
                />
              ) : (
                <p className="muted">Enable the webhook to send a test.</p>
              )}
            </div>
            <div className="card">
              <h3>Signing secret</h3>
              <p className="field-hint">
                The secret is never shown again after it is made. Rotating makes a new one; the old one keeps signing
                for 24 hours, so receivers can switch without missing a delivery.
              </p>
              <ConfirmAction
                action={rotateWebhookSecretAction}
                fields={fields}
                label="Rotate secret"
                question="Make a new signing secret? The current one stays valid for 24 hours."
                confirmLabel="Rotate secret"
                pendingText="Rotating…"
                variant="primary"
                secret={{ field: 'secret', title: 'New signing secret', label: 'Signing secret' }}
              />
            </div>
            <div className="card">
              <h3>Delete</h3>
              <p className="field-hint">Removes the webhook and its delivery log.</p>
              <ConfirmAction
                action={deleteWebhookAction}
                fields={fields}
                label="Delete webhook"
                question={`Delete the webhook to ${webhook.url} and its delivery log? This cannot be undone.`}
                confirmLabel="Delete webhook"
                pendingText="Deleting…"
              />
            </div>
          </div>
          <EditWebhookForm
            org={org}
            action={updateWebhookAction}
            webhookId={webhook.id}
            url={webhook.url}
            events={webhook.events}
          />
        </section>
      ) : null}

      <section aria-labelledby="deliveries-title">
        <h2 id="deliveries-title" className="settings-section-title">
          Deliveries
        </h2>
        <nav aria-label="Filter deliveries">
          <ul className="settings-filter">
            {[undefined, ...STATUSES].map((s) => (
              <li key={s ?? 'all'}>
                <Link href={s ? `${path}?status=${s}` : path} aria-current={s === status ? 'page' : undefined}>
                  {s ? s[0]!.toUpperCase() + s.slice(1) : 'All'}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {deliveries.items.length === 0 && !cursor ? (
          <EmptyState title={status ? `No ${status} deliveries` : 'No deliveries yet'}>
            <p>
              A delivery is made each time a run of {project.name} finishes with one of this webhook’s events. Trigger a
              run of one of its suites to see the first one here.
            </p>
          </EmptyState>
        ) : (
          <>
            <DataTable
              caption="Deliveries, newest first"
              columns={['Sent', 'Event', 'Status', 'Attempts', 'Response', canEdit && ACTIONS_COLUMN]}
              className="settings-table"
            >
              {deliveries.items.map((delivery) => (
                <tr key={delivery.id}>
                  <th scope="row">
                    <TimeStamp value={delivery.createdAt} />
                    {delivery.runId ? (
                      <span className="settings-sub">
                        <Link href={`/o/${org}/runs/${delivery.runId}`}>run</Link>
                      </span>
                    ) : null}
                  </th>
                  <td data-label="Event">
                    <code>{delivery.event}</code>
                  </td>
                  <td data-label="Status">
                    <DeliveryStatus delivery={delivery} />
                  </td>
                  <td data-label="Attempts">{delivery.attempt}</td>
                  <td data-label="Response">
                    <DeliveryResponse delivery={delivery} />
                  </td>
                  {canEdit ? (
                    <td className="settings-actions">
                      <ActionButton
                        action={redeliverAction}
                        fields={{ ...fields, deliveryId: delivery.id }}
                        label="Redeliver"
                        pendingText="Queueing…"
                      />
                    </td>
                  ) : null}
                </tr>
              ))}
            </DataTable>
            <Pagination
              basePath={path}
              params={{ cursor, status }}
              nextCursor={deliveries.nextCursor}
              label="Delivery pages"
            />
          </>
        )}
      </section>
    </main>
  );
}

function DeliveryStatus({ delivery }: { delivery: WebhookDeliveryResource }) {
  const className = { succeeded: 'pill-ok', failed: 'pill-bad', pending: 'pill-info' }[delivery.status];
  return (
    <>
      <span className={`pill ${className}`}>
        {delivery.status === 'succeeded' ? 'Delivered' : delivery.status === 'failed' ? 'Failed' : 'Pending'}
        {delivery.statusCode !== null ? ` · HTTP ${delivery.statusCode}` : ''}
      </span>
      {delivery.status === 'pending' && delivery.nextAttemptAt ? (
        <span className="settings-sub">
          next try <TimeStamp value={delivery.nextAttemptAt} />
        </span>
      ) : null}
    </>
  );
}

function DeliveryResponse({ delivery }: { delivery: WebhookDeliveryResource }) {
  return (
    <details className="settings-excerpt">
      <summary>
        {delivery.error
          ? delivery.error.slice(0, 80)
          : delivery.responseExcerpt
            ? excerptLine(delivery.responseExcerpt)
            : 'Body sent'}
      </summary>
      {delivery.error ? <p className="field-error">{delivery.error}</p> : null}
      {delivery.responseExcerpt ? (
        <>
          <p className="settings-sub">Response (first 1 KB)</p>
          <CodeBlock label="Response (first 1 KB)">{delivery.responseExcerpt}</CodeBlock>
        </>
      ) : null}
      <p className="settings-sub">Body sent</p>
      <CodeBlock label="Body sent">{JSON.stringify(delivery.payload, null, 2)}</CodeBlock>
    </details>
  );
}

/** The first line of an answer, short enough for a table cell. */
function excerptLine(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > 60 ? `${line.slice(0, 60)}…` : line || '(empty answer)';
}
