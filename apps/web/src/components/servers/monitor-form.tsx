'use client';
import { useActionState } from 'react';
import type { ActionState } from '@/lib/action-state';
import { FormMessage } from '@/components/form-message';
import { SubmitButton } from '@/components/submit-button';

type MonitorActionState = ActionState<{ enabled: boolean; intervalMinutes: number }>;

/** The Monitor tab's settings: on or off, and the interval (at least the plan's minimum). */
export function MonitorForm({
  org,
  serverId,
  enabled,
  intervalMinutes,
  minIntervalMinutes,
  action,
}: {
  org: string;
  serverId: string;
  enabled: boolean;
  intervalMinutes: number;
  minIntervalMinutes: number;
  action: (previous: MonitorActionState, form: FormData) => Promise<MonitorActionState>;
}) {
  const [state, formAction] = useActionState(action, null);
  return (
    <form action={formAction} className="servers-monitor-form">
      <input type="hidden" name="org" value={org} />
      <input type="hidden" name="serverId" value={serverId} />
      <label className="servers-monitor-toggle">
        <input type="checkbox" name="enabled" defaultChecked={enabled} /> Monitor this server
      </label>
      <label>
        Check every{' '}
        <input
          type="number"
          name="intervalMinutes"
          min={minIntervalMinutes}
          max={1440}
          defaultValue={intervalMinutes}
          required
          className="servers-monitor-interval"
        />{' '}
        minutes
      </label>
      <SubmitButton pendingText="Saving…">Save</SubmitButton>
      <FormMessage state={state} />
    </form>
  );
}
