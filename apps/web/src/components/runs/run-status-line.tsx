import { StatusPill } from '@/components/status-pill';

/**
 * The run's status as a polite live region: it changes a handful of times (queued → running → verdict), so a screen
 * reader hears each change without the chatter of every assertion. The run page renders it from the server when the
 * run is over and from the live stream while it runs; the same element either way.
 */
export function RunStatusLine({ status, note }: { status: string; note?: string | undefined }) {
  return (
    <p className="runs-status" role="status">
      <span className="sr-only">Run status: </span>
      <StatusPill status={status} /> {note ? <span className="muted runs-status-note">{note}</span> : null}
    </p>
  );
}
