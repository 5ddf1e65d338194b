'use client';
import type { ReactNode } from 'react';
import { useFormStatus } from 'react-dom';

/** A submit button that is disabled and says so while its form's action runs (no double submits). */
export function SubmitButton({
  children,
  pendingText,
  variant = 'primary',
  name,
  value,
}: {
  children: ReactNode;
  pendingText?: string;
  variant?: 'primary' | 'secondary' | 'danger';
  name?: string;
  value?: string;
}) {
  const { pending } = useFormStatus();
  return (
    <button
      type="submit"
      className={`btn btn-${variant}`}
      disabled={pending}
      aria-busy={pending}
      name={name}
      value={value}
    >
      {pending ? (pendingText ?? 'Working…') : children}
    </button>
  );
}
