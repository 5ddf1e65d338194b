import type { ActionState } from '@/lib/action-state';

/**
 * The outcome of a form's last submission: an error (role=alert, so screen readers announce it) with the API's
 * message, or a success line (role=status). Field errors are shown next to their fields by `Field`.
 */
export function FormMessage({ state, success }: { state: ActionState<unknown>; success?: string | undefined }) {
  if (!state) return null;
  if (!state.ok) {
    return (
      <p className="form-error" role="alert">
        {state.error.message}
      </p>
    );
  }
  const text = state.message ?? success;
  return text ? (
    <p className="form-success" role="status">
      {text}
    </p>
  ) : null;
}
