import type { ActionState } from '@/lib/action-state';

/**
 * A refused form whose problems are each shown next to their field gets a summary that points there, instead of the
 * API's one-line list of every problem (which would say everything twice).
 */
export function pointToFields<T>(result: ActionState<T>, summary = 'Nothing was saved: fix the fields marked above.') {
  if (result && !result.ok && Object.keys(result.error.fields).length > 0) {
    return { ok: false as const, error: { ...result.error, message: summary } };
  }
  return result;
}
