'use client';
import type { ReactNode } from 'react';
import { useActionState } from 'react';
import type { ActionState } from '@/lib/action-state';
import { FormMessage } from '@/components/form-message';
import { SubmitButton } from '@/components/submit-button';

/**
 * A server tab's run button ("Run conformance", "Run auth-posture check"): posts the org and server (plus any fields
 * given as children) to an action that queues a run of the tab's suite and opens the run to watch it live.
 */
export function RunServerCheckForm({
  org,
  serverId,
  action,
  label,
  className,
  children,
}: {
  org: string;
  serverId: string;
  action: (previous: ActionState<{ id: string }>, form: FormData) => Promise<ActionState<{ id: string }>>;
  label: string;
  className: string;
  children?: ReactNode;
}) {
  const [state, formAction] = useActionState(action, null);
  return (
    <form action={formAction} className={className}>
      <input type="hidden" name="org" value={org} />
      <input type="hidden" name="serverId" value={serverId} />
      {children}
      <SubmitButton pendingText="Queuing…">{label}</SubmitButton>
      <FormMessage state={state} />
    </form>
  );
}
