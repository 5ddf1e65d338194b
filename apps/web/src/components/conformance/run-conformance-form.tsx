'use client';
import { useId } from 'react';
import type { ActionState } from '@/lib/action-state';
import { RunServerCheckForm } from '@/components/servers/run-server-check-form';

/**
 * "Run conformance": queues a run of the server's conformance suite for the chosen revision (made on first use) and
 * opens the run to watch it live; the Conformance tab shows its verdicts once it finishes.
 */
export function RunConformanceForm({
  org,
  serverId,
  revisions,
  action,
}: {
  org: string;
  serverId: string;
  /** Newest last, as the catalog lists them; the newest is preselected. */
  revisions: readonly string[];
  action: (previous: ActionState<{ id: string }>, form: FormData) => Promise<ActionState<{ id: string }>>;
}) {
  const id = useId();
  return (
    <RunServerCheckForm
      org={org}
      serverId={serverId}
      action={action}
      label="Run conformance"
      className="conformance-run"
    >
      <label htmlFor={`${id}-revision`}>Revision</label>
      <select id={`${id}-revision`} name="revision" defaultValue={revisions[revisions.length - 1]}>
        {[...revisions].reverse().map((revision) => (
          <option key={revision} value={revision}>
            MCP {revision}
          </option>
        ))}
      </select>
    </RunServerCheckForm>
  );
}
