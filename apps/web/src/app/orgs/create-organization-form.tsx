'use client';
import { useActionState } from 'react';
import { describedBy, Field } from '@/components/field';
import { submitKeepingValues } from '@/components/kept-form';
import { FormMessage } from '@/components/form-message';
import { SubmitButton } from '@/components/submit-button';
import { fieldError } from '@/lib/action-state';
import { createOrganizationAction } from './actions';

export function CreateOrganizationForm() {
  const [state, action] = useActionState(createOrganizationAction, null);
  const error = fieldError(state, 'name');
  return (
    <form
      action={action}
      onSubmit={submitKeepingValues(action)}
      className="card form"
      aria-labelledby="create-org-title"
    >
      <h2 id="create-org-title">Create an organization</h2>
      <Field
        id="org-name"
        label="Name"
        hint="Your team or company; you can invite others once it exists."
        error={error}
      >
        <input id="org-name" name="name" required maxLength={100} {...describedBy('org-name', { hint: true, error })} />
      </Field>
      <FormMessage state={state} />
      <SubmitButton pendingText="Creating…">Create organization</SubmitButton>
    </form>
  );
}
