import type { ReactNode } from 'react';

/**
 * A labelled form control with its hint and error tied to it (aria-describedby / aria-invalid). `children` is the
 * control; it must carry `id={id}` and may spread `describedBy(id, ...)`.
 */
export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The aria attributes a control inside `Field` spreads, so its hint and error are read with it. */
export function describedBy(id: string, opts: { hint?: boolean; error?: string | undefined }) {
  const ids = [opts.hint ? `${id}-hint` : null, opts.error ? `${id}-error` : null].filter(Boolean).join(' ');
  return { 'aria-describedby': ids || undefined, 'aria-invalid': opts.error ? true : undefined };
}
