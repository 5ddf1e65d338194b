import type { ReactNode } from 'react';

/**
 * A block of code or JSON that may scroll sideways: keyboard users must be able to reach and scroll it (axe
 * `scrollable-region-focusable`), so it takes focus, and it is a named group so what gets focus is announced
 * ("Body sent", "curl example") rather than a bare block of text.
 */
export function CodeBlock({
  label,
  className,
  children,
}: {
  /** What the block holds, e.g. "Body sent"; its accessible name. */
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <pre className={className} tabIndex={0} role="group" aria-label={label}>
      {children}
    </pre>
  );
}
