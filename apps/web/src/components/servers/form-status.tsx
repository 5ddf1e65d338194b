import type { ActionState } from '@/lib/action-state';
import { FormMessage } from '@/components/form-message';

/**
 * FormMessage, except when the error belongs to fields: those messages already sit (as alerts) next to their fields,
 * so the bottom of the form only points back up instead of repeating them.
 */
export function FormStatus({ state, success }: { state: ActionState<unknown>; success?: string | undefined }) {
  if (state && !state.ok && Object.keys(state.error.fields).length > 0) {
    return (
      <p className="form-error">
        Fix the highlighted {Object.keys(state.error.fields).length > 1 ? 'fields' : 'field'} above.
      </p>
    );
  }
  return <FormMessage state={state} success={success} />;
}
