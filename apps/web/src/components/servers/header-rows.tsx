'use client';
import { useState, type ReactNode } from 'react';
import { fieldError, type ActionState } from '@/lib/action-state';

const DEFAULT_HINT = (
  <>
    Sent with every request to the server, e.g. <code>Authorization: Bearer …</code>. Values are encrypted and never
    shown again: you can replace or remove them later, not read them.
  </>
);

/**
 * Request headers as name + value rows (typically Authorization or an API key). Values are write-only: typed into a
 * password field, sealed by the server, and never shown again (the server's page lists names only). `hint` replaces
 * the explanation (the edit form says what entering headers there does).
 */
export function HeaderRows({ state, hint = DEFAULT_HINT }: { state: ActionState<unknown>; hint?: ReactNode }) {
  const [rows, setRows] = useState<number[]>([]);
  const [next, setNext] = useState(0);
  const add = () => {
    setRows((current) => [...current, next]);
    setNext((n) => n + 1);
  };
  return (
    <fieldset className="servers-headers">
      <legend>Headers (optional)</legend>
      <p className="field-hint" id="server-headers-hint">
        {hint}
      </p>
      {rows.length === 0 ? null : (
        <ul className="servers-header-rows">
          {rows.map((key, index) => {
            const error = fieldError(state, `headers[${index}]`);
            const errorId = `server-header-${key}-error`;
            return (
              <li key={key} className={error ? 'field-invalid' : undefined}>
                <div className="field">
                  <label htmlFor={`server-header-${key}-name`}>Header name {index + 1}</label>
                  <input
                    id={`server-header-${key}-name`}
                    name="headerName"
                    placeholder="Authorization"
                    autoComplete="off"
                    spellCheck={false}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? errorId : undefined}
                  />
                </div>
                <div className="field">
                  <label htmlFor={`server-header-${key}-value`}>Value {index + 1}</label>
                  <input
                    id={`server-header-${key}-value`}
                    name="headerValue"
                    type="password"
                    autoComplete="new-password"
                    spellCheck={false}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? errorId : 'server-headers-hint'}
                  />
                </div>
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  onClick={() => setRows((current) => current.filter((k) => k !== key))}
                  aria-label={`Remove header ${index + 1}`}
                >
                  Remove
                </button>
                {error ? (
                  <p className="field-error" id={errorId} role="alert">
                    {error}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <button type="button" className="btn btn-secondary btn-small" onClick={add}>
        Add a header
      </button>
    </fieldset>
  );
}
