'use client';
import type { ReactNode } from 'react';

/** A submit button for `useKeptForm` forms: disabled and saying so while the action runs. */
export function PendingButton({
  pending,
  children,
  pendingText = 'Working…',
  variant = 'primary',
  small = false,
}: {
  pending: boolean;
  children: ReactNode;
  pendingText?: string;
  variant?: 'primary' | 'secondary' | 'danger';
  small?: boolean;
}) {
  return (
    <button
      type="submit"
      className={`btn btn-${variant}${small ? ' btn-small' : ''}`}
      disabled={pending}
      aria-busy={pending}
    >
      {pending ? pendingText : children}
    </button>
  );
}
