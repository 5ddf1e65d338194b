'use client';
import Link from 'next/link';
import { fieldError, type ActionState } from '@/lib/action-state';
import type { AllowedAddressesView } from '@/server/services/servers/get-allowed-addresses';
import { allowedAddressesText } from '@/components/servers/allowed-addresses';
import { describedBy, Field } from '@/components/field';
import { FormMessage } from '@/components/form-message';
import { SubmitButton } from '@/components/submit-button';
import { SecretOnce } from './secret-once';
import { useKeptForm } from '@/components/kept-form';
import { WEBHOOK_EVENT_CHOICES, WebhookEventsFieldset } from './webhook-events-fieldset';

/**
 * Registers a webhook. A refused URL (private, link-local or metadata address) is explained under the URL field; on
 * success the signing secret is shown once, with a link to the webhook's delivery log.
 */
export function CreateWebhookForm<T extends { id: string; secret: string; url: string }>({
  org,
  action,
  projects,
  moreProjects,
  addresses,
}: {
  org: string;
  action: (previous: ActionState<T>, form: FormData) => Promise<ActionState<T>>;
  projects: { id: string; name: string }[];
  moreProjects: boolean;
  /** The deployment's address policy (getAllowedAddresses), for the URL field's hint. */
  addresses: AllowedAddressesView;
}) {
  const [state, onSubmit, , formAction] = useKeptForm(action);
  const created = state?.ok ? state.data : undefined;
  const projectError = fieldError(state, 'projectId');
  const urlError = fieldError(state, 'url');
  const eventsError = fieldError(state, 'events');
  return (
    <>
      {created ? (
        <SecretOnce
          title={`Webhook to ${created.url} created`}
          label="Signing secret"
          copyLabel="Copy secret"
          value={created.secret}
        >
          <p>
            Verify each delivery’s <code>webhook-signature</code> header with it (Standard Webhooks: HMAC-SHA256 over{' '}
            <code>webhook-id.webhook-timestamp.body</code>).{' '}
            <Link href={`/o/${org}/settings/webhooks/${created.id}`}>Open its delivery log</Link>
          </p>
        </SecretOnce>
      ) : null}
      <form action={formAction} onSubmit={onSubmit} className="card form" aria-labelledby="create-webhook-title">
        <h2 id="create-webhook-title">New webhook</h2>
        <input type="hidden" name="org" value={org} />
        <Field
          id="webhook-project"
          label="Project"
          hint={`Its runs are reported.${moreProjects ? ' (The 100 newest projects are listed.)' : ''}`}
          error={projectError}
        >
          <select
            id="webhook-project"
            name="projectId"
            required
            defaultValue={projects.length === 1 ? projects[0]!.id : ''}
            {...describedBy('webhook-project', { hint: true, error: projectError })}
          >
            <option value="" disabled>
              Choose a project…
            </option>
            {projects.map((project) => (
              <option key={project.id} value={project.id}>
                {project.name}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id="webhook-url"
          label="Payload URL"
          hint={`Where mcptest POSTs JSON when a run finishes. ${allowedAddressesText(addresses)}`}
          error={urlError}
        >
          <input
            id="webhook-url"
            name="url"
            type="url"
            required
            placeholder="https://example.com/hooks/mcptest"
            autoComplete="off"
            {...describedBy('webhook-url', { hint: true, error: urlError })}
          />
        </Field>
        <WebhookEventsFieldset
          idPrefix="new-webhook"
          selected={WEBHOOK_EVENT_CHOICES.map((e) => e.value)}
          error={eventsError}
        />
        <FormMessage state={state} />
        <SubmitButton pendingText="Creating…">Create webhook</SubmitButton>
      </form>
    </>
  );
}
