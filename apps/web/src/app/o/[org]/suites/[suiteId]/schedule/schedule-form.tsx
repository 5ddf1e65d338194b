'use client';
import { useActionState } from 'react';
import { FormMessage } from '@/components/form-message';
import { submitKeepingValues } from '@/components/kept-form';
import { SubmitButton } from '@/components/submit-button';
import { ScheduleFields } from '@/components/suites/schedule-fields';
import { fieldError } from '@/lib/action-state';
import type { SchedulePreview } from '@/server/services/suites/preview-schedule';
import { saveScheduleAction } from './actions';

/** The schedule of a suite: cron, zone, whether it fires (pausing the schedule only); Save, or Remove when one is set. */
export function ScheduleForm({
  org,
  suiteId,
  zones,
  schedule,
  timezone,
  scheduleEnabled,
  preview,
}: {
  org: string;
  suiteId: string;
  zones: readonly string[];
  schedule: string | null;
  timezone: string;
  scheduleEnabled: boolean;
  preview: SchedulePreview | null;
}) {
  const [state, action] = useActionState(saveScheduleAction, null);
  return (
    // Without React's reset, so a refused cron stays in the field to be corrected.
    <form
      action={action}
      onSubmit={submitKeepingValues(action)}
      className="form card suites-schedule-form"
      aria-labelledby="schedule-form-title"
    >
      <h2 id="schedule-form-title">{schedule ? 'Change the schedule' : 'Add a schedule'}</h2>
      <input type="hidden" name="org" value={org} />
      <input type="hidden" name="suiteId" value={suiteId} />
      <ScheduleFields
        org={org}
        zones={zones}
        initialCron={schedule ?? ''}
        initialTimezone={timezone}
        initialPreview={preview}
        errors={{ schedule: fieldError(state, 'schedule'), timezone: fieldError(state, 'timezone') }}
      />
      <div className="suites-inline-check">
        <input
          type="checkbox"
          id="schedule-enabled"
          name="scheduleEnabled"
          defaultChecked={scheduleEnabled}
          aria-describedby="schedule-enabled-hint"
        />
        <label htmlFor="schedule-enabled">Run on this schedule</label>
        <p className="field-hint" id="schedule-enabled-hint">
          Unchecked pauses the schedule and keeps it here. The suite itself stays on: Run now, CI and the API still
          start it.
        </p>
      </div>
      <FormMessage state={state} />
      <div className="suites-form-actions">
        <SubmitButton name="intent" value="save" pendingText="Saving…">
          Save schedule
        </SubmitButton>
        {schedule ? (
          <SubmitButton name="intent" value="remove" variant="secondary" pendingText="Removing…">
            Remove schedule
          </SubmitButton>
        ) : null}
      </div>
    </form>
  );
}
