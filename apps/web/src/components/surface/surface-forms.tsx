'use client';
import { useActionState } from 'react';
import type { ActionState } from '@/lib/action-state';
import { FormMessage } from '@/components/form-message';
import { SubmitButton } from '@/components/submit-button';

type Action = (previous: ActionState<void>, form: FormData) => Promise<ActionState<void>>;

/**
 * "Approve this surface": posts the hash the page showed, so the server approves exactly what the user looked at
 * (a surface that changed since is refused with a message saying so).
 */
export function ApproveSurfaceForm({
  org,
  serverId,
  hash,
  action,
}: {
  org: string;
  serverId: string;
  hash: string;
  action: Action;
}) {
  const [state, formAction] = useActionState(action, null);
  return (
    <form action={formAction} className="surface-approve" aria-label="Approve this surface">
      <input type="hidden" name="org" value={org} />
      <input type="hidden" name="serverId" value={serverId} />
      <input type="hidden" name="hash" value={hash} />
      <SubmitButton pendingText="Approving…">Approve this surface</SubmitButton>
      <FormMessage state={state} success="Approved." />
    </form>
  );
}

const PIN_CHOICES = [
  { value: 'off', label: 'Off', hint: 'Runs record drift but are not judged by it.' },
  { value: 'warn', label: 'Warn', hint: 'A run against a surface other than the approved one shows a warning.' },
  { value: 'fail', label: 'Fail', hint: 'A run against a surface other than the approved one fails.' },
] as const;

/** The project's pin setting (off, warn, fail); a suite's own `pin:` key overrides it for that suite. */
export function SurfacePinForm({
  org,
  projectId,
  pin,
  action,
}: {
  org: string;
  projectId: string;
  pin: 'off' | 'warn' | 'fail';
  action: Action;
}) {
  const [state, formAction] = useActionState(action, null);
  return (
    <form action={formAction} className="form surface-pin" aria-label="Surface pin">
      <input type="hidden" name="org" value={org} />
      <input type="hidden" name="projectId" value={projectId} />
      <fieldset className="servers-transport">
        <legend>When a run finds a surface other than the approved one</legend>
        {PIN_CHOICES.map((choice) => (
          <div key={choice.value} className="servers-radio">
            <input
              type="radio"
              id={`surface-pin-${choice.value}`}
              name="surfacePin"
              value={choice.value}
              defaultChecked={pin === choice.value}
              aria-describedby={`surface-pin-${choice.value}-hint`}
            />
            <label htmlFor={`surface-pin-${choice.value}`}>{choice.label}</label>
            <p className="field-hint" id={`surface-pin-${choice.value}-hint`}>
              {choice.hint}
            </p>
          </div>
        ))}
      </fieldset>
      <SubmitButton variant="secondary" pendingText="Saving…">
        Save pin
      </SubmitButton>
      <FormMessage state={state} success="Saved." />
    </form>
  );
}
