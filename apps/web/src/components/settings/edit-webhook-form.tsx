'use client';
import { useActionState } from 'react';
import { fieldError, type ActionState } from '@/lib/action-state';
import { describedBy, Field } from '@/components/field';
import { FormMessage } from '@/components/form-message';
import { SubmitButton } from '@/components/submit-button';
import { submitKeepingValues } from '@/components/kept-form';
import { WebhookEventsFieldset } from './webhook-events-fieldset';

/** Changes a webhook's URL and events (the URL is checked as at creation; refusals show under the field). */
export function EditWebhookForm<T>({
  org,
  action,
  webhookId,
  url,
  events,
}: {
  org: string;
  action: (previous: ActionState<T>, form: FormData) => Promise<ActionState<T>>;
  webhookId: string;
  url: string;
  events: readonly string[];
}) {
  const [state, formAction] = useActionState(action, null);
  const urlError = fieldError(state, 'url');
  const eventsError = fieldError(state, 'events');
  return (
    <form
      action={formAction}
      onSubmit={submitKeepingValues(formAction)}
      className="card form"
      aria-labelledby="edit-webhook-title"
    >
      <h2 id="edit-webhook-title">Change URL or events</h2>
      <input type="hidden" name="org" value={org} />
      <input type="hidden" name="webhookId" value={webhookId} />
      <Field id="edit-webhook-url" label="Payload URL" error={urlError}>
        <input
          id="edit-webhook-url"
          name="url"
          type="url"
          required
          defaultValue={url}
          autoComplete="off"
          {...describedBy('edit-webhook-url', { error: urlError })}
        />
      </Field>
      <WebhookEventsFieldset idPrefix="edit-webhook" selected={events} error={eventsError} />
      <FormMessage state={state} success="Saved." />
      <SubmitButton pendingText="Saving…" variant="secondary">
        Save changes
      </SubmitButton>
    </form>
  );
}
