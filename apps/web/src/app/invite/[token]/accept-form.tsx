'use client';
import { useActionState } from 'react';
import { FormMessage } from '@/components/form-message';
import { SubmitButton } from '@/components/submit-button';
import { acceptInvitationAction } from './actions';

/** The accept button; on success the action opens the organization, on refusal the reason shows here. */
export function AcceptForm({ token, organization }: { token: string; organization: string }) {
  const [state, action] = useActionState(acceptInvitationAction, null);
  return (
    <form action={action} className="invite-actions">
      <input type="hidden" name="token" value={token} />
      <SubmitButton pendingText="Joining…">Accept and join {organization}</SubmitButton>
      <FormMessage state={state} />
    </form>
  );
}
