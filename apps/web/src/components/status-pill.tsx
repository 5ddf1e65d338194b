/** Run and assertion statuses with a colour and always a word (colour is never the only signal). */
const LABELS: Record<string, string> = {
  queued: 'Queued',
  running: 'Running',
  passed: 'Passed',
  failed: 'Failed',
  error: 'Error',
  cancelled: 'Cancelled',
  PASS: 'Pass',
  FAIL: 'Fail',
  SKIP: 'Skip',
  ERROR: 'Error',
};

export function StatusPill({ status }: { status: string }) {
  const key = status.toLowerCase();
  return <span className={`pill pill-${key}`}>{LABELS[status] ?? status}</span>;
}
