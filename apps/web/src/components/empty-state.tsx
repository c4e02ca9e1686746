import type { ReactNode } from 'react';

interface Props {
  title: string;
  description?: string;
  children?: ReactNode;
}

function EmptyIcon() {
  return (
    <svg className="app-empty-icon" viewBox="0 0 96 72" aria-hidden="true">
      <rect x="8" y="18" width="80" height="46" rx="8" fill="#e8f1ff" />
      <path d="M8 34h26l6 8h16l6-8h26" fill="none" stroke="#9cc3ff" strokeWidth="3" strokeLinejoin="round" />
      <path d="M20 18l8-12h40l8 12" fill="none" stroke="#9cc3ff" strokeWidth="3" strokeLinejoin="round" />
    </svg>
  );
}

/** What a page shows when it has nothing (yet): a clear sentence, never invented data. */
export function EmptyState({ title, description, children }: Props) {
  return (
    <section className="app-empty" data-testid="empty-state">
      <EmptyIcon />
      <h2 className="app-empty-title">{title}</h2>
      {description && <p className="app-empty-description">{description}</p>}
      {children}
    </section>
  );
}
