'use client';
import { useActionState } from 'react';
import type { ActionState } from '@/lib/action-state';
import { FormMessage } from '@/components/form-message';
import { SubmitButton } from '@/components/submit-button';

/** One button that runs one action with `fields` (enable, redeliver), and says what happened next to it. */
export function ActionButton<T>({
  action,
  fields,
  label,
  pendingText,
  variant = 'secondary',
}: {
  action: (previous: ActionState<T>, form: FormData) => Promise<ActionState<T>>;
  fields: Record<string, string>;
  label: string;
  pendingText?: string | undefined;
  variant?: 'primary' | 'secondary';
}) {
  const [state, formAction] = useActionState(action, null);
  return (
    <form action={formAction} className="settings-confirm">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <SubmitButton variant={variant} pendingText={pendingText}>
        {label}
      </SubmitButton>
      <div aria-live="polite">
        <FormMessage state={state} />
      </div>
    </form>
  );
}
