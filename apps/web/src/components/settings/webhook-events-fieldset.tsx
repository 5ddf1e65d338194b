import { ChoiceFieldset } from '@/components/choice-fieldset';

/** The events a webhook can subscribe to, each with when it is sent. */
export const WEBHOOK_EVENT_CHOICES = [
  { value: 'run.completed', hint: 'Every run that finishes, whatever its outcome (cancelled included).' },
  { value: 'run.failed', hint: 'A run that failed or ended in an error.' },
  { value: 'run.regressed', hint: 'A run in which an assertion that passed in the baseline no longer passes.' },
  {
    value: 'server.authorization_failed',
    hint: "A run found that a server's OAuth connection can no longer be refreshed: reconnect the server.",
  },
  {
    value: 'server.surface_changed',
    hint: "A run found that a server's tools, resources, prompts or instructions changed since the last one (with the diff).",
  },
] as const;

/** Checkboxes for a webhook's events (all ticked for a new one), with the field's error tied to the group. */
export function WebhookEventsFieldset({
  idPrefix,
  selected,
  error,
}: {
  idPrefix: string;
  selected: readonly string[];
  error?: string | undefined;
}) {
  return (
    <ChoiceFieldset
      legend="Events"
      type="checkbox"
      name="events"
      choices={WEBHOOK_EVENT_CHOICES.map((event) => ({ ...event, label: <code>{event.value}</code> }))}
      checked={(value) => selected.includes(value)}
      hintId={(value) => `${idPrefix}-${value}-hint`}
      errorId={`${idPrefix}-events-error`}
      error={error}
    />
  );
}
