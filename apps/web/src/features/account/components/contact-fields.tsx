import { useTranslation } from 'react-i18next';
import { useSendRegisterCode } from '../api/account-mutations';
import { CodeField } from '../../../components/form/code-field';
import { withFormErrors } from '../../../components/form/form-call';
import { TextField } from '../../../components/form/text-field';
import type { FormState } from '../../../components/form/use-form';
import { showToast } from '../../../components/toast';
import { CONTACT_RENAME, type RegisterValues } from '../model/register-fields';

/** The picture code that sent the contact its code: the server takes it once more, to register that contact. */
export interface SolvedCaptcha {
  captchaId: string;
  captchaCode: string;
  contact: string;
}

interface Props {
  form: FormState<RegisterValues>;
  captchaId: string | undefined;
  /** A send that failed spent the captcha. */
  onCaptchaUsed: () => void;
  onCodeSent: (solved: SolvedCaptcha) => void;
}

/** The optional e-mail or mobile to bind, and the code that proves it. */
export function ContactFields({ form, captchaId, onCaptchaUsed, onCodeSent }: Props) {
  const { t } = useTranslation();
  const sendRegisterCode = useSendRegisterCode();

  const sendCode = async (): Promise<number | undefined> => {
    const target = form.values.contact.trim();
    if (!target) {
      form.setErrors({ contact: t('register.contactForCode') });
      return undefined;
    }
    if (!(await form.validate(['contact', 'captchaCode']))) return undefined;
    const body = { target, captchaId: captchaId ?? '', captchaCode: form.values.captchaCode.trim() };
    const { retryAfterSeconds } = await withFormErrors(form, () => sendRegisterCode.mutateAsync(body), {
      rename: CONTACT_RENAME,
      onFailure: onCaptchaUsed,
    });
    onCodeSent({ captchaId: body.captchaId, captchaCode: body.captchaCode, contact: target });
    showToast(t('code.sent'));
    return retryAfterSeconds;
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
      <CodeField field={form.field('contactCode')} onSend={sendCode} sendTestId="register-send-code" />
    </>
  );
}
