import type { ReactNode } from 'react';

interface Props {
  name: string;
  onSubmit: () => void;
  children: ReactNode;
}

/** A form the app checks itself (the browser's own checks are off) and submits without leaving the page. */
export function AppForm({ name, onSubmit, children }: Props) {
  return (
    <form
      name={name}
      className="app-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
