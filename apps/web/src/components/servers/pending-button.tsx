'use client';
import type { ReactNode } from 'react';
import { SubmitButton } from '@/components/submit-button';

/** SubmitButton for `useKeptForm` forms, which know their pending state themselves; `small` for inline forms. */
export function PendingButton({
  pending,
  children,
  pendingText = 'Working…',
  variant = 'primary',
  small = false,
}: {
  pending: boolean;
  children: ReactNode;
  pendingText?: string | undefined;
  variant?: 'primary' | 'secondary' | 'danger';
  small?: boolean;
}) {
  return (
    <SubmitButton
      pending={pending}
      pendingText={pendingText}
      variant={variant}
      className={`btn btn-${variant}${small ? ' btn-small' : ''}`}
    >
      {children}
    </SubmitButton>
  );
}
