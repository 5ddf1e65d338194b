'use client';
import { useEffect, useId, useState } from 'react';
import type { SchedulePreview } from '@/server/services/suites/preview-schedule';
import { describedBy, Field } from '@/components/field';
import { previewScheduleLive } from './live-actions';
import { NextRuns } from './next-runs';
import { cronInWords } from './schedule-format';
import '@/styles/suites.css';

const PREVIEW_DELAY_MS = 400;

/**
 * Cron and time zone inputs with a live preview: the pattern in words (cronstrue) as it is typed, then, from the
 * server's own schedule check, the next five runs in that zone, or the refusal a save would get (including the plan's
 * minimum interval). `optional`: an empty cron means "no schedule".
 */
export function ScheduleFields({
  org,
  zones,
  initialCron,
  initialTimezone,
  initialPreview,
  errors = {},
  optional = false,
  cronName = 'schedule',
  timezoneName = 'timezone',
}: {
  org: string;
  /** IANA names for the datalist (any valid name may be typed). */
  zones: readonly string[];
  initialCron: string;
  initialTimezone: string;
  /** The preview of the initial values, computed by the page (so it shows before any typing). */
  initialPreview?: SchedulePreview | null;
  /** Messages of the last refused save, by field. */
  errors?: { schedule?: string | undefined; timezone?: string | undefined };
  optional?: boolean;
  cronName?: string;
  timezoneName?: string;
}) {
  const id = useId();
  const cronId = `${id}-cron`;
  const zoneId = `${id}-zone`;
  const previewId = `${id}-preview`;
  const [cron, setCron] = useState(initialCron);
  const [timezone, setTimezone] = useState(initialTimezone);
  const [preview, setPreview] = useState<SchedulePreview | null>(initialPreview ?? null);
  const [state, setState] = useState<'idle' | 'checking' | 'failed'>('idle');
  const [browserZone, setBrowserZone] = useState<string | null>(null);
  const [checked, setChecked] = useState({ cron: initialCron, timezone: initialTimezone });

  useEffect(() => {
    // Only in the browser: the server cannot know the visitor's zone.
    setBrowserZone(Intl.DateTimeFormat().resolvedOptions().timeZone ?? null);
  }, []);

  useEffect(() => {
    if (cron === checked.cron && timezone === checked.timezone) return;
    if (cron.trim() === '') {
      setPreview(null);
      setChecked({ cron, timezone });
      return;
    }
    let cancelled = false;
    setState('checking');
    const check = async () => {
      const result = await previewScheduleLive(org, cron, timezone).catch(() => null);
      if (cancelled) return;
      if (!result || !result.ok || !result.data) {
        setState('failed');
        return;
      }
      setPreview(result.data);
      setChecked({ cron, timezone });
      setState('idle');
    };
    // A timer does not wait for its callback; `check` cannot reject (a failed preview becomes state 'failed').
    const timer = setTimeout(() => void check(), PREVIEW_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [org, cron, timezone, checked]);

  const words = cronInWords(cron);
  const fresh = cron === checked.cron && timezone === checked.timezone;
  const refusal = preview && !preview.ok && fresh ? preview : null;
  const cronError = errors.schedule;
  const zoneError = errors.timezone;
  const summary =
    cron.trim() === ''
      ? optional
        ? 'No schedule: the suite runs only when someone or something triggers it.'
        : 'Type a cron expression to see when it runs.'
      : state === 'failed'
        ? 'Could not check the schedule just now; it is checked again when you save.'
        : refusal
          ? `Not allowed: ${refusal.message}.`
          : words
            ? `Runs ${words.charAt(0).toLowerCase()}${words.slice(1)} (${timezone}).`
            : state === 'checking'
              ? 'Checking…'
              : '';

  return (
    <div className="suites-schedule-fields">
      <div className="suites-schedule-inputs">
        <Field
          id={cronId}
          label={optional ? 'Schedule (cron, optional)' : 'Cron expression'}
          hint="Five fields: minute hour day-of-month month weekday, e.g. 0 9 * * 1-5 (09:00 on weekdays)."
          error={cronError}
        >
          <input
            id={cronId}
            name={cronName}
            value={cron}
            onChange={(e) => setCron(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            inputMode="text"
            className="suites-mono"
            {...describedBy(cronId, { hint: true, error: cronError })}
            aria-describedby={[`${cronId}-hint`, cronError ? `${cronId}-error` : null, previewId]
              .filter(Boolean)
              .join(' ')}
            aria-invalid={cronError || (refusal && refusal.code !== 'invalid_timezone') ? true : undefined}
          />
        </Field>
        <Field
          id={zoneId}
          label="Time zone"
          hint={
            <>
              An IANA name, e.g. Europe/Berlin.{' '}
              {browserZone && browserZone !== timezone ? (
                <button type="button" className="suites-link-button" onClick={() => setTimezone(browserZone)}>
                  Use mine ({browserZone})
                </button>
              ) : null}
            </>
          }
          error={zoneError}
        >
          <input
            id={zoneId}
            name={timezoneName}
            value={timezone}
            onChange={(e) => setTimezone(e.target.value)}
            list={`${zoneId}-list`}
            autoComplete="off"
            spellCheck={false}
            required
            {...describedBy(zoneId, { hint: true, error: zoneError })}
            aria-invalid={zoneError || refusal?.code === 'invalid_timezone' ? true : undefined}
          />
          <datalist id={`${zoneId}-list`}>
            {zones.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
        </Field>
      </div>
      <div className="suites-schedule-preview" id={previewId}>
        <p className={refusal ? 'suites-schedule-refusal' : 'suites-schedule-words'} aria-live="polite">
          {summary}
        </p>
        {preview?.ok && fresh && cron.trim() !== '' ? (
          <>
            <p className="suites-schedule-next-title">Next {preview.next.length} runs, in your time zone:</p>
            <NextRuns runs={preview.next} className="suites-schedule-next" />
          </>
        ) : null}
        {preview ? (
          <p className="field-hint">Your plan allows at most one scheduled run every {preview.minInterval}.</p>
        ) : null}
      </div>
    </div>
  );
}
