'use client';
import { useActionState, useEffect, useId, useRef, useState } from 'react';
import { FormMessage } from '@/components/form-message';
import { SubmitButton } from '@/components/submit-button';
import { SecretOnce } from './secret-once';
import type { ActionState } from '@/lib/action-state';

/**
 * A button for an action that cannot be undone (remove, revoke, delete, leave): the first click asks the question next
 * to it, a second (on the confirm button) submits `fields` to `action`. The outcome is shown in place; after a success
 * the question closes.
 */
export function ConfirmAction<T>({
  action,
  fields,
  label,
  ariaLabel,
  question,
  confirmLabel,
  pendingText,
  success,
  variant = 'danger',
  secret,
}: {
  action: (previous: ActionState<T>, form: FormData) => Promise<ActionState<T>>;
  fields: Record<string, string>;
  /** The first button's text, e.g. "Remove". */
  label: string;
  /** The first button's full name for screen readers when the row gives the context, e.g. "Remove ana@example.com". */
  ariaLabel?: string;
  /** What is about to happen, in full: "Remove ana@example.com from Acme? They lose access at once." */
  question: string;
  confirmLabel: string;
  pendingText?: string | undefined;
  /** Said after a success (when the element stays on the page). */
  success?: string | undefined;
  variant?: 'danger' | 'primary';
  /** When the action's data carries a new secret (`data[field]`), show it once after the success. */
  secret?: { field: string; title: string; label: string };
}) {
  const [state, formAction] = useActionState(action, null);
  // The state when the question was asked: the question stays open until a newer state says the action succeeded.
  const [askedAt, setAskedAt] = useState<{ state: ActionState<T> } | null>(null);
  const asking = askedAt !== null && (askedAt.state === state || !state?.ok);
  const confirmRef = useRef<HTMLDivElement>(null);
  const id = useId();
  useEffect(() => {
    if (asking) confirmRef.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
  }, [asking]);
  return (
    <div className="settings-confirm">
      {asking ? (
        <form action={formAction} aria-describedby={`${id}-question`}>
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <p id={`${id}-question`} className="settings-confirm-question">
            {question}
          </p>
          <div className="settings-confirm-buttons" ref={confirmRef}>
            <SubmitButton variant={variant} pendingText={pendingText}>
              {confirmLabel}
            </SubmitButton>
            <button type="button" className="btn btn-secondary" onClick={() => setAskedAt(null)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <button
          type="button"
          className="btn btn-secondary btn-small"
          aria-label={ariaLabel}
          onClick={() => setAskedAt({ state })}
        >
          {label}
        </button>
      )}
      <FormMessage state={state} success={success} />
      {secret &&
      state?.ok &&
      typeof (state.data as Record<string, unknown> | undefined)?.[secret.field] === 'string' ? (
        <SecretOnce
          title={secret.title}
          label={secret.label}
          copyLabel="Copy secret"
          value={(state.data as Record<string, string>)[secret.field]!}
        />
      ) : null}
    </div>
  );
}
