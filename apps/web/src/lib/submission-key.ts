/**
 * The hidden form field that makes a submission idempotent: SubmitButton renders it with a key made once per form
 * render (and anew after each submission), and the server runs one action per key (server/ui/run-once.ts). Plain data
 * so client components import it without pulling in server code.
 */
export const SUBMISSION_KEY_FIELD = 'submissionKey';

/** A new submission key: 128 random bits, URL-safe. */
export function newSubmissionKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** What the server accepts as a key (anything else is ignored: the submission simply is not deduplicated). */
export function isSubmissionKey(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{32}$/.test(value);
}
