import { CALLS } from '@wallet/contract/core';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../api/client';
import { CodeButton } from '../../../components/code-button';
import { showCallError } from '../../../components/form/call-error';
import { TextField } from '../../../components/form/text-field';
import type { FormState } from '../../../components/form/use-form';
import { showToast } from '../../../components/toast';
import { CONTACT_RENAME, type RegisterValues } from './register-fields';

interface Props {
  form: FormState<RegisterValues>;
  captchaId: string | undefined;
  /** Sending a code spends the captcha. */
  onCaptchaUsed: () => void;
}

/** The optional e-mail or mobile to bind, and the code that proves it. */
export function ContactFields({ form, captchaId, onCaptchaUsed }: Props) {
  const { t } = useTranslation();

  const sendCode = async (): Promise<number | undefined> => {
    const target = form.values.contact.trim();
    if (!target) {
      form.setErrors({ contact: t('register.contactForCode') });
      return undefined;
    }
    if (!(await form.validate(['contact', 'captchaCode']))) return undefined;
    try {
      const { retryAfterSeconds } = await callApi(
        CALLS.sendRegisterCode,
        { target, captchaId: captchaId ?? '', captchaCode: form.values.captchaCode.trim() },
        { quiet: true },
      );
      onCaptchaUsed();
      showToast(t('code.sent'));
      return retryAfterSeconds;
    } catch (error) {
      onCaptchaUsed();
      showCallError(form, error, { rename: CONTACT_RENAME });
      throw error;
    }
  };

  return (
    <>
      <TextField
        label={t('register.contact')}
        field={form.field('contact')}
        description={t('register.contactHelp')}
        autoComplete="email"
        maxLength={254}
        placeholder={t('register.contactPlaceholder')}
      />
      <TextField
        label={t('auth.code')}
        field={form.field('contactCode')}
        extra={<CodeButton onSend={sendCode} testId="register-send-code" />}
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={6}
        placeholder={t('auth.codePlaceholder')}
      />
    </>
  );
}
