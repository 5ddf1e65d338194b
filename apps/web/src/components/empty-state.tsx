import type { ReactNode } from 'react';

/** What an empty list shows instead: what the thing is, and the next step to take (a link or a form). */
export function EmptyState({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section className="empty-state" aria-label={title}>
      <h2>{title}</h2>
      <div className="empty-state-body">{children}</div>
      {action ? <div className="empty-state-action">{action}</div> : null}
    </section>
  );
}
