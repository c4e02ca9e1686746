import { useTranslation } from 'react-i18next';
import { CodeButton } from '../code-button';
import { TextField } from './text-field';
import type { FieldBinding } from './use-form';

interface Props {
  field: FieldBinding;
  /** Sends the code; see CodeButton. */
  onSend: () => Promise<number | undefined>;
  sendTestId: string;
}

/** A verification code sent by e-mail or SMS, with the button that sends it. */
export function CodeField({ field, onSend, sendTestId }: Props) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.code')}
      field={field}
      extra={<CodeButton onSend={onSend} testId={sendTestId} />}
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={6}
      placeholder={t('auth.codePlaceholder')}
    />
  );
}
