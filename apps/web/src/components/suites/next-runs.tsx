'use client';
import { useEffect, useState } from 'react';
import { formatInZone } from './schedule-format';

/**
 * The next firings of a schedule, in the viewer's time zone, named ("Mon 2026-11-30 03:00 America/New_York"): the one
 * way every page shows them (the schedule page's preview and the suite overview), whatever zone the cron runs in.
 * The server cannot know the viewer's zone, so the first render (and a browser without scripts) shows UTC, named too.
 */
export function NextRuns({ runs, className }: { runs: readonly string[]; className: string }) {
  const [zone, setZone] = useState('UTC');
  useEffect(() => {
    setZone(Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC');
  }, []);
  return (
    <ol className={className}>
      {runs.map((iso) => (
        <li key={iso}>
          <time dateTime={iso} title={`${iso.slice(0, 16).replace('T', ' ')} UTC`}>
            {formatInZone(iso, zone)} {zone}
          </time>
        </li>
      ))}
    </ol>
  );
}
