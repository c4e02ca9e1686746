import { useTranslation } from 'react-i18next';
import { PasswordField } from './password-field';
import type { FieldBinding } from './use-form';

interface Props {
  password: FieldBinding;
  confirmation: FieldBinding;
}

/** A new login password and the same typed again; their checks are in new-password-rules. */
export function NewPasswordFields({ password, confirmation }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={t('auth.newPassword')}
        field={password}
        autoComplete="new-password"
        placeholder={t('auth.newPasswordPlaceholder')}
      />
      <PasswordField
        label={t('auth.confirmPassword')}
        field={confirmation}
        autoComplete="new-password"
        placeholder={t('auth.confirmPasswordPlaceholder')}
      />
    </>
  );
}
