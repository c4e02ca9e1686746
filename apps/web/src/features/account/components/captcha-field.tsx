import { useTranslation } from 'react-i18next';
import { CaptchaImage } from './captcha-image';
import type { Captcha } from './use-captcha';
import { TextField } from '../../../components/form/text-field';
import type { FieldBinding } from '../../../components/form/use-form';

/** The answer to a captcha, its picture beside it. */
export function CaptchaField({ field, captcha }: { field: FieldBinding; captcha: Captcha }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.captcha')}
      field={field}
      extra={<CaptchaImage captcha={captcha} />}
      autoComplete="off"
      dir="ltr"
      maxLength={12}
      placeholder={t('auth.captchaPlaceholder')}
    />
  );
}
