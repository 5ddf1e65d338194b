/**
 * What a UI server action returns to its form (through React's useActionState): nothing yet, a success with optional
 * data and message, or an error with the API's code and message plus messages per form field. Plain data, so client
 * components import it without pulling in server code.
 */
export type ActionState<T = unknown> =
  | null
  | { ok: true; data?: T; message?: string }
  | {
      ok: false;
      error: {
        code: string;
        message: string;
        /** Field name (as the form names it, e.g. `url` or `headers[0].value`) → message. */
        fields: Record<string, string>;
        /** YAML problems with positions, for editors that mark lines. */
        positions?: { line: number; column: number; message: string; path?: string }[];
      };
    };

/** The message of a field, if the last submission failed on it. */
export function fieldError(state: ActionState<unknown>, field: string): string | undefined {
  return state && !state.ok ? state.error.fields[field] : undefined;
}
