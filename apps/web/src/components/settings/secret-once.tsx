'use client';
import { useId, type ReactNode } from 'react';
import { CopyButton } from '@/components/copy-button';

/**
 * A secret (API token, webhook signing secret, invitation link) right after it was made: the only time it is shown.
 * A read-only field (selectable, labelled) with a copy button, and a plain warning that it will not be shown again.
 */
export function SecretOnce({
  title,
  label,
  copyLabel = 'Copy',
  value,
  children,
}: {
  title: string;
  /** The field's label, e.g. "API token". */
  label: string;
  /** The copy button's text, e.g. "Copy token". */
  copyLabel?: string;
  value: string;
  /** What to do with it next (a curl line, where to paste it). */
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <section className="settings-secret" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{title}</h3>
      <p className="settings-secret-warning">
        <strong>Copy it now:</strong> it is shown only this once. If it is lost, make a new one.
      </p>
      <label htmlFor={`${id}-value`}>{label}</label>
      <div className="settings-secret-row">
        <input
          id={`${id}-value`}
          type="text"
          readOnly
          value={value}
          spellCheck={false}
          autoComplete="off"
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton text={value} label={copyLabel} />
      </div>
      {children}
    </section>
  );
}
