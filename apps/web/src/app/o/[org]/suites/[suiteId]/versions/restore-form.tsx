'use client';
import { useActionState } from 'react';
import { FormMessage } from '@/components/form-message';
import { SubmitButton } from '@/components/submit-button';
import { restoreVersionAction } from './actions';

/** "Restore version N": saves it as a new version (the history keeps everything). */
export function RestoreForm({ org, suiteId, version }: { org: string; suiteId: string; version: number }) {
  const [state, action] = useActionState(restoreVersionAction, null);
  return (
    <form action={action} className="suites-restore">
      <input type="hidden" name="org" value={org} />
      <input type="hidden" name="suiteId" value={suiteId} />
      <input type="hidden" name="version" value={version} />
      <SubmitButton variant="secondary" pendingText="Restoring…">
        Restore version {version}
      </SubmitButton>
      <FormMessage state={state} />
    </form>
  );
}
