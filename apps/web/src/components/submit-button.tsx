import Button from 'antd-mobile/es/components/button';
import type { ReactNode } from 'react';

interface Props {
  pending: boolean;
  children: ReactNode;
  testId?: string;
}

/** A form's one submit button: disabled and spinning while its call runs. */
export function SubmitButton({ pending, children, testId }: Props) {
  return (
    <Button block type="submit" color="primary" size="large" loading={pending} disabled={pending} data-testid={testId}>
      {children}
    </Button>
  );
}
