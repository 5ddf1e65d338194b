/** The events a webhook can subscribe to, each with when it is sent. */
export const WEBHOOK_EVENT_CHOICES = [
  { value: 'run.completed', hint: 'Every run that finishes, whatever its outcome (cancelled included).' },
  { value: 'run.failed', hint: 'A run that failed or ended in an error.' },
  { value: 'run.regressed', hint: 'A run in which an assertion that passed in the baseline no longer passes.' },
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
    <fieldset className="settings-checks" aria-describedby={error ? `${idPrefix}-events-error` : undefined}>
      <legend>Events</legend>
      {WEBHOOK_EVENT_CHOICES.map((event) => (
        <div key={event.value}>
          <label>
            <input
              type="checkbox"
              name="events"
              value={event.value}
              defaultChecked={selected.includes(event.value)}
              aria-describedby={`${idPrefix}-${event.value}-hint`}
            />
            <code>{event.value}</code>
          </label>
          <p className="field-hint" id={`${idPrefix}-${event.value}-hint`}>
            {event.hint}
          </p>
        </div>
      ))}
      {error ? (
        <p className="field-error" id={`${idPrefix}-events-error`} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
