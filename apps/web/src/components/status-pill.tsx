import { RUN_STATUS_LABELS } from '@/components/runs/format';

/** Run and assertion statuses with a colour and always a word (colour is never the only signal). */
const LABELS: Record<string, string> = {
  ...RUN_STATUS_LABELS,
  PASS: 'Pass',
  FAIL: 'Fail',
  SKIP: 'Skip',
  ERROR: 'Error',
  // Conformance verdicts (WARN: a SHOULD not met; XFAIL: a failure listed in expected_failures).
  WARN: 'Warning',
  SKIPPED: 'Skipped',
  XFAIL: 'Expected failure',
};

export function StatusPill({ status }: { status: string }) {
  const key = status.toLowerCase();
  return <span className={`pill pill-${key}`}>{LABELS[status] ?? status}</span>;
}
