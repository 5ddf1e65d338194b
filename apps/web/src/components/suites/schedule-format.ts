// Schedule wording shared by the schedule page (server) and its live preview (browser): plain functions, no state.
import cronstrue from 'cronstrue';

/** The cron in words, or undefined when cronstrue cannot read it (the server check then says why). */
export function cronInWords(cron: string): string | undefined {
  const text = cron.trim();
  if (text === '') return undefined;
  try {
    return cronstrue.toString(text, { use24HourTimeFormat: true, throwExceptionOnParseError: true, verbose: false });
  } catch {
    return undefined;
  }
}

/**
 * A firing as the zone's wall clock: "Tue 2026-03-03 09:00". Built from numeric parts, so server and browser (with
 * different ICU data) print the same text and hydration never disagrees.
 */
export function formatInZone(iso: string, timeZone: string): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(new Date(iso));
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
    return `${part('weekday')} ${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
  } catch {
    return `${iso.slice(0, 16).replace('T', ' ')} UTC`;
  }
}
