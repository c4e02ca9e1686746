import { useTranslation } from 'react-i18next';
import { TextField } from './text-field';
import type { FieldBinding } from './use-form';

/** The account name; the browser's password manager fills it. */
export function UsernameField({ field, placeholder }: { field: FieldBinding; placeholder: string }) {
  const { t } = useTranslation();
  return <TextField label={t('auth.username')} field={field} autoComplete="username" maxLength={20} placeholder={placeholder} />;
}
