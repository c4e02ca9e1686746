import type { ReactNode } from 'react';
import '../../styles/list.css';

/** Label and value lines, the label at the start and the value at the end of each. */
export function RecordLines({ children }: { children: ReactNode }) {
  return <dl className="app-record-lines">{children}</dl>;
}

export function RecordLine({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div className="app-record-line" data-testid={testId}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
