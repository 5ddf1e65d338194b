'use client';
import { fieldError, type ActionState } from '@/lib/action-state';
import { describedBy, Field } from '@/components/field';
import { FormMessage } from '@/components/form-message';
import { SubmitButton } from '@/components/submit-button';
import { SecretOnce } from '@/components/settings/secret-once';
import { useKeptForm } from '@/components/kept-form';
import { roleLabel, rolesUpTo } from './roles';

interface Sent {
  invitation: { email: string; role: string; expiresAt: string };
  acceptUrl: string;
  delivery: { channel: 'email' | 'log'; sent: boolean; error?: string };
}

/**
 * Invites someone by email with a role no higher than the inviter's. After sending, the accept link is shown once
 * (to copy and send another way), with how the invitee was told: by email, or not (no SMTP, or the email failed).
 */
export function InviteForm<T extends Sent>({
  org,
  action,
  myRole,
}: {
  org: string;
  action: (previous: ActionState<T>, form: FormData) => Promise<ActionState<T>>;
  myRole: string;
}) {
  const [state, onSubmit, , formAction] = useKeptForm(action);
  const sent = state?.ok ? state.data : undefined;
  const emailError = fieldError(state, 'email');
  const roleError = fieldError(state, 'role');
  return (
    <>
      {sent ? (
        <SecretOnce
          title={`${sent.invitation.email} is invited as ${roleLabel(sent.invitation.role)}`}
          label="Invitation link"
          copyLabel="Copy link"
          value={sent.acceptUrl}
        >
          <p role="status">{deliveryText(sent)}</p>
        </SecretOnce>
      ) : null}
      <form action={formAction} onSubmit={onSubmit} className="card form" aria-labelledby="invite-title">
        <h3 id="invite-title" className="members-form-title">
          Invite someone
        </h3>
        <input type="hidden" name="org" value={org} />
        <Field
          id="invite-email"
          label="Email"
          hint="They accept by signing in with this address. The link works once, for 7 days."
          error={emailError}
        >
          <input
            id="invite-email"
            name="email"
            type="email"
            required
            autoComplete="off"
            {...describedBy('invite-email', { hint: true, error: emailError })}
          />
        </Field>
        <Field
          id="invite-role"
          label="Role"
          hint="Your own role or a lower one; “What each role can do” above explains them."
          error={roleError}
        >
          <select
            id="invite-role"
            name="role"
            defaultValue="MEMBER"
            {...describedBy('invite-role', { hint: true, error: roleError })}
          >
            {rolesUpTo(myRole).map((role) => (
              <option key={role.value} value={role.value}>
                {role.label}
              </option>
            ))}
          </select>
        </Field>
        <FormMessage state={state} />
        <SubmitButton pendingText="Inviting…">Send invitation</SubmitButton>
      </form>
    </>
  );
}

function deliveryText(sent: Sent): string {
  if (sent.delivery.channel === 'log') {
    return 'No email was sent: this deployment has no SMTP_URL, so send the link yourself (in development it is also in the server log).';
  }
  if (!sent.delivery.sent) {
    return `The email could not be sent (${sent.delivery.error ?? 'unknown error'}): send the link yourself.`;
  }
  return `An email with this link was sent to ${sent.invitation.email}.`;
}
