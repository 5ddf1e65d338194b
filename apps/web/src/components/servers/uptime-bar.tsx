import type { UptimeCell } from '@mcptest/core';

const LEVEL_WORDS: Record<UptimeCell['level'], string> = {
  none: 'no checks',
  up: 'up',
  degraded: 'degraded',
  down: 'down',
};

/** The words of one day's cell: its tooltip and its accessible name. */
function describe(cell: UptimeCell): string {
  if (cell.availability === null) return `${cell.day}: no checks`;
  const latency =
    cell.meanLatencyMs === null
      ? ''
      : `, handshake mean ${cell.meanLatencyMs} ms, p95 ≤ ${cell.p95LatencyMs ?? '?'} ms`;
  return `${cell.day}: ${cell.availability}% of ${cell.checks} checks up${latency}`;
}

/**
 * The 90-day uptime bar: one cell per UTC day, oldest first, coloured by availability (green from 99.9%, yellow from
 * 95%, red below, grey without checks), each with its figures as a tooltip and in words for screen readers.
 */
export function UptimeBar({ days, availability }: { days: readonly UptimeCell[]; availability: number | null }) {
  return (
    <figure className="servers-uptime">
      <ol className="servers-uptime-bar" aria-label={`Uptime, last ${days.length} days`}>
        {days.map((cell) => (
          <li
            key={cell.day}
            className={`servers-uptime-cell servers-uptime-${cell.level}`}
            title={describe(cell)}
            aria-label={`${describe(cell)} (${LEVEL_WORDS[cell.level]})`}
          />
        ))}
      </ol>
      <figcaption className="muted">
        {days.length} days ago · {availability === null ? 'no checks yet' : `${availability}% uptime`} · today
      </figcaption>
    </figure>
  );
}
