import { isSubmissionKey, SUBMISSION_KEY_FIELD } from '@/lib/submission-key';
import { ApiError } from '@/server/api/api-error';
import type { ServiceDeps } from '@/server/services/service-deps';

/** How long a submission's outcome is replayed to a repeat of it (a double click, a resent form, a retried POST). */
export const SUBMISSION_RESULT_TTL_SECONDS = 600;
/** How long a claimed key waits for its first submission to finish; past it (a crashed process) a repeat runs. */
const CLAIM_TTL_SECONDS = 120;
/** How long a repeat waits for the first submission's outcome before saying it is still running. */
const WAIT_FOR_FIRST_MS = 60_000;
const POLL_MS = 100;

/** What a repeat gets back: the first submission's answer, or the redirect it made (Next's digest). */
type Outcome<T> = { kind: 'value'; value: T } | { kind: 'redirect'; digest: string };

export type SubmissionDeps = Pick<ServiceDeps, 'redis' | 'prefix' | 'secretBox'>;

/**
 * Runs `fn` once per form submission key, THE idempotency of UI actions (orgAction and the actions outside an
 * organization call it). The form's hidden SUBMISSION_KEY_FIELD (SubmitButton renders it) names the submission; the
 * first request with a key claims it in Redis (SET NX) and runs; a repeat of it (a double click, a form posted twice
 * before hydration) waits for the first to finish and gets its outcome instead of creating a duplicate. Only outcomes
 * `shouldKeep` accepts (successes) and redirects are kept, for SUBMISSION_RESULT_TTL_SECONDS: after a refusal the key
 * is released, so the corrected form can be sent again. Outcomes may hold a secret shown once (a new API token), so
 * they are sealed with the service's key, bound to the user. Without a key, `fn` just runs.
 */
export async function runOnce<T>(
  deps: SubmissionDeps,
  scope: { userId: string; operation: string },
  key: unknown,
  fn: () => Promise<T>,
  shouldKeep: (value: T) => boolean,
): Promise<T> {
  if (!isSubmissionKey(key)) return fn();
  const redisKey = `${deps.prefix}:ui:submission:${scope.userId}:${scope.operation}:${key}`;
  const context = `ui.submission:${scope.userId}`;
  for (;;) {
    const claimed = await deps.redis.set(redisKey, 'pending', 'EX', CLAIM_TTL_SECONDS, 'NX');
    if (claimed === 'OK') break;
    const first = await waitForOutcome<T>(deps, redisKey, context);
    // Released (the first was refused) or expired: this one runs, as a corrected resubmission would.
    if (first === undefined) continue;
    if (first.kind === 'redirect') throw Object.assign(new Error('NEXT_REDIRECT'), { digest: first.digest });
    return first.value;
  }
  let outcome: Outcome<T>;
  try {
    const value = await fn();
    if (!shouldKeep(value)) {
      await deps.redis.del(redisKey);
      return value;
    }
    outcome = { kind: 'value', value };
  } catch (error) {
    const digest = redirectDigest(error);
    if (digest === undefined) {
      await deps.redis.del(redisKey).catch(() => {});
      throw error;
    }
    outcome = { kind: 'redirect', digest };
    await keep(deps, redisKey, context, outcome);
    throw error;
  }
  await keep(deps, redisKey, context, outcome);
  return outcome.value;
}

async function keep<T>(deps: SubmissionDeps, redisKey: string, context: string, outcome: Outcome<T>): Promise<void> {
  const sealed = deps.secretBox.seal(JSON.stringify(outcome, keepDates), context);
  const stored = `${sealed.keyId}:${Buffer.from(sealed.data).toString('base64')}`;
  await deps.redis.set(redisKey, stored, 'EX', SUBMISSION_RESULT_TTL_SECONDS);
}

/** The first submission's kept outcome once it has one; undefined when its key was released (or expired). */
async function waitForOutcome<T>(
  deps: SubmissionDeps,
  redisKey: string,
  context: string,
): Promise<Outcome<T> | undefined> {
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const stored = await deps.redis.get(redisKey);
    if (stored === null) return undefined;
    if (stored !== 'pending') {
      const split = stored.lastIndexOf(':');
      const sealed = {
        keyId: stored.slice(0, split),
        data: new Uint8Array(Buffer.from(stored.slice(split + 1), 'base64')),
      };
      return JSON.parse(deps.secretBox.open(sealed, context), reviveDates) as Outcome<T>;
    }
    if (Date.now() > deadline) {
      throw new ApiError(
        'conflict',
        'this form was already sent and is still being processed; reload the page in a moment to see the result',
      );
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The digest of Next's redirect() "error", which carries where to go (`NEXT_REDIRECT;replace;/o/x;307;`). */
function redirectDigest(error: unknown): string | undefined {
  const digest = (error as { digest?: unknown } | null)?.digest;
  return typeof digest === 'string' && digest.startsWith('NEXT_REDIRECT;') ? digest : undefined;
}

/** Results hold Dates (createdAt, expiresAt); JSON would turn them into strings the form does not expect. */
function keepDates(this: Record<string, unknown>, name: string, value: unknown): unknown {
  const original = this[name];
  return original instanceof Date ? { $date: original.toISOString() } : value;
}

function reviveDates(_name: string, value: unknown): unknown {
  if (value && typeof value === 'object' && Object.keys(value).length === 1 && '$date' in value) {
    return new Date(String((value as { $date: unknown }).$date));
  }
  return value;
}

/** The submission key a form carries, and its other fields (the key is no field of any action's schema). */
export function takeSubmissionKey<F extends Record<string, unknown>>(
  fields: F,
): { key: unknown; fields: Omit<F, typeof SUBMISSION_KEY_FIELD> } {
  const { [SUBMISSION_KEY_FIELD]: key, ...rest } = fields;
  return { key, fields: rest };
}
