import type { ReactNode } from 'react';

interface Props {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  description?: string | undefined;
  /** Beside the control: a captcha picture, a "get code" button. */
  extra?: ReactNode;
  children: ReactNode;
}

export const errorIdOf = (id: string) => `${id}-error`;

/** One form row: the label above, the control with its extra beside it, then a hint or what is wrong. */
export function FieldFrame({ id, label, error, description, extra, children }: Props) {
  return (
    <div className={error ? 'app-field app-field-invalid' : 'app-field'}>
      <label className="app-field-label" htmlFor={id}>
        {label}
      </label>
      <div className="app-field-control">
        {children}
        {extra && <div className="app-field-extra">{extra}</div>}
      </div>
      {description && !error && <p className="app-field-description">{description}</p>}
      {error && (
        <p className="app-field-error" id={errorIdOf(id)} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
