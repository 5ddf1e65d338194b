'use client';
import { useActionState, useId } from 'react';
import type { ActionState } from '@/lib/action-state';
import { FormMessage } from '@/components/form-message';
import { SubmitButton } from '@/components/submit-button';
import { submitKeepingValues } from '@/components/kept-form';
import { ROLE_CHOICES } from './roles';

/** A member's role as a select with a save button; the services refuse what the caller may not do, with the reason. */
export function RoleForm<T>({
  org,
  action,
  userId,
  who,
  role,
  choices,
}: {
  org: string;
  action: (previous: ActionState<T>, form: FormData) => Promise<ActionState<T>>;
  userId: string;
  /** The member's email or name, for the control's label. */
  who: string;
  role: string;
  /** The roles the caller may give (an ADMIN cannot make an OWNER). */
  choices: readonly string[];
}) {
  const [state, formAction] = useActionState(action, null);
  const id = useId();
  return (
    <form action={formAction} onSubmit={submitKeepingValues(formAction)} className="settings-confirm">
      <input type="hidden" name="org" value={org} />
      <input type="hidden" name="userId" value={userId} />
      <div className="settings-inline-form">
        <label htmlFor={`${id}-role`} className="sr-only">
          Role of {who}
        </label>
        {/* Remounted after each answer, so a refused change shows the role the member really has again. */}
        <select key={state ? JSON.stringify(state) : 'initial'} id={`${id}-role`} name="role" defaultValue={role}>
          {ROLE_CHOICES.filter((r) => choices.includes(r.value)).map((r) => (
            <option key={r.value} value={r.value}>
              {r.label}
            </option>
          ))}
        </select>
        <SubmitButton variant="secondary" pendingText="Saving…">
          Save role<span className="sr-only"> of {who}</span>
        </SubmitButton>
      </div>
      <div aria-live="polite">
        <FormMessage state={state} />
      </div>
    </form>
  );
}
