'use client';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useFormStatus } from 'react-dom';
import { newSubmissionKey, SUBMISSION_KEY_FIELD } from '@/lib/submission-key';

/**
 * THE submit button of every form that changes something: disabled and saying so while its form's action runs, and
 * carrying the form's submission key (a hidden field beside it), so that the server runs one action per key
 * (server/ui/run-once.ts) even when the form is sent twice (a double click before the button disables, a form posted
 * before hydration, a retried request). `pending` is for forms whose state comes from elsewhere than useFormStatus.
 */
export function SubmitButton({
  children,
  pendingText,
  variant = 'primary',
  name,
  value,
  pending: pendingProp,
  disabled,
  className,
  ...rest
}: {
  children: ReactNode;
  pendingText?: string | undefined;
  variant?: 'primary' | 'secondary' | 'danger';
  name?: string;
  value?: string;
  pending?: boolean;
  disabled?: boolean;
  className?: string;
  'aria-describedby'?: string;
}) {
  const status = useFormStatus();
  const pending = pendingProp ?? status.pending;
  return (
    <>
      <SubmissionKey pending={status.pending || Boolean(pendingProp)} />
      <button
        type="submit"
        className={className ?? `btn btn-${variant}`}
        disabled={pending || disabled}
        aria-busy={pending}
        name={name}
        value={value}
        {...rest}
      >
        {pending ? (pendingText ?? 'Working…') : children}
      </button>
    </>
  );
}

/**
 * The hidden key field. The server render and the client each make a key (hydration replaces the server's, which only
 * a form sent before hydration uses); after each submission ends the form gets a new one, so sending it again on
 * purpose (a second token) is a new submission, while a repeat of the running one carries the same key.
 */
function SubmissionKey({ pending }: { pending: boolean }) {
  const [initial] = useState(newSubmissionKey);
  const input = useRef<HTMLInputElement>(null);
  const wasPending = useRef(false);
  useEffect(() => {
    if (wasPending.current && !pending && input.current) input.current.value = newSubmissionKey();
    wasPending.current = pending;
  }, [pending]);
  return (
    <input ref={input} type="hidden" name={SUBMISSION_KEY_FIELD} defaultValue={initial} suppressHydrationWarning />
  );
}
