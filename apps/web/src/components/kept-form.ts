'use client';
import { startTransition, useActionState, useEffect, useRef, type FormEvent } from 'react';
import type { ActionState } from '@/lib/action-state';

/**
 * A form's `onSubmit` that runs its action WITHOUT React's automatic form reset. React 19 resets a `<form action>`
 * after every submission, success or not: typed input is wiped after a refusal, and selects go back to their first
 * option even when controlled (a refused policy save would silently turn a reviewed "Destructive" override into
 * "ReadOnly" on the next save). Keep `action={formAction}` on the form too: before hydration it still posts, and with
 * this handler React still reports the pending state to `useFormStatus` (SubmitButton).
 */
export function submitKeepingValues(formAction: (form: FormData) => void) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    startTransition(() => formAction(form));
  };
}

/**
 * useActionState for forms whose input must survive an error (a long URL, a header): submitted through
 * `submitKeepingValues`, and reset after a success instead (so a secret typed into a value field does not linger).
 * Returns the state, the onSubmit handler, whether the action is running (for the button), and the action itself for
 * the form's `action` prop (it posts before hydration, and lets SubmitButton's useFormStatus see the pending state).
 */
export function useKeptForm<T>(
  action: (previous: ActionState<T>, form: FormData) => Promise<ActionState<T>>,
): [ActionState<T>, (event: FormEvent<HTMLFormElement>) => void, boolean, (form: FormData) => void] {
  const [state, dispatch, pending] = useActionState(action, null);
  const submitted = useRef<HTMLFormElement | null>(null);
  useEffect(() => {
    if (state?.ok) submitted.current?.reset();
  }, [state]);
  const keep = submitKeepingValues(dispatch);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    submitted.current = event.currentTarget;
    keep(event);
  };
  return [state, onSubmit, pending, dispatch];
}
