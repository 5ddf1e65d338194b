/**
 * A date as the same text on server and client (UTC, minute precision), so hydration never disagrees; the full ISO
 * time is in `dateTime` and the tooltip.
 */
export function TimeStamp({ value }: { value: Date | string | null | undefined }) {
  if (!value) return <span className="muted">never</span>;
  const date = typeof value === 'string' ? new Date(value) : value;
  const iso = date.toISOString();
  return (
    <time dateTime={iso} title={iso}>
      {iso.slice(0, 16).replace('T', ' ')} UTC
    </time>
  );
}
