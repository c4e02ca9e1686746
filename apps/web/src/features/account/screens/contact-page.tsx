import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useBindContact, useSendContactCode } from '../api/account-mutations';
import { userInfoQuery } from '../api/account-queries';
import { usePreloadedAccountRules } from '../../../components/form/account-rules';
import { AppForm } from '../../../components/form/app-form';
import { CodeField } from '../../../components/form/code-field';
import { withFormErrors } from '../../../components/form/form-call';
import { PasswordField } from '../../../components/form/password-field';
import { checks, contractRule, required } from '../../../components/form/rules';
import { TextField } from '../../../components/form/text-field';
import { useForm } from '../../../components/form/use-form';
import { SubmitButton } from '../../../components/submit-button';
import { showToast } from '../../../components/toast';
import { useGuardedAction } from '../../../components/use-guarded-action';
import { PATHS } from '../../../navigation/paths';
import { useGoBack } from '../../../navigation/use-go-back';
import { CaptchaField } from '../components/captcha-field';
import { useCaptcha } from '../components/use-captcha';
import { CONTACT_RENAME } from '../model/register-fields';
import '../account.css';

type Values = { contact: string; captchaCode: string; code: string; password: string };

/** Binds an e-mail or mobile, or changes the one bound: a code to the new one, the login password to confirm. */
export function ContactPage() {
  const { t } = useTranslation();
  const goBack = useGoBack(PATHS.mine);
  const { data: profile } = useQuery(userInfoQuery);
  const captcha = useCaptcha('contact');
  const sendContactCode = useSendContactCode();
  const bindContact = useBindContact();
  usePreloadedAccountRules();
  const form = useForm<Values>(
    { contact: '', captchaCode: '', code: '', password: '' },
    {
      contact: checks(required(t('contact.targetRequired')), contractRule((rules) => rules.contactSchema, t)),
      captchaCode: required(t('auth.captchaRequired')),
      code: checks(required(t('auth.codeRequired')), contractRule((rules) => rules.codeSchema, t)),
      password: required(t('contact.passwordRequired')),
    },
  );

  // A captcha answers once: after every call that used it, a new picture and an empty answer.
  const renewCaptcha = () => {
    captcha.refresh();
    form.setValue('captchaCode', '');
  };

  const sendCode = async (): Promise<number | undefined> => {
    if (!(await form.validate(['contact', 'captchaCode']))) return undefined;
    const body = { target: form.values.contact.trim(), captchaId: captcha.id ?? '', captchaCode: form.values.captchaCode.trim() };
    const { retryAfterSeconds } = await withFormErrors(form, () => sendContactCode.mutateAsync(body), { rename: CONTACT_RENAME, onFailure: renewCaptcha });
    renewCaptcha();
    showToast(t('code.sent'));
    return retryAfterSeconds;
  };

  const submit = useGuardedAction(async () => {
    if (!(await form.validate(['contact', 'code', 'password']))) return;
    const { contact, code, password } = form.values;
    await withFormErrors(form, () => bindContact.mutateAsync({ target: contact.trim(), code: code.trim(), password }), { rename: CONTACT_RENAME });
    showToast(t('contact.bound'));
    goBack();
  });

  return (
    <div className="app-account-page">
      <p className="app-advice" data-testid="contact-current">
        {profile?.contact ? t('contact.current', { contact: profile.contact }) : t('contact.none')}
      </p>
      <p className="app-advice">{t('contact.hint')}</p>
      <AppForm name="bind-contact" onSubmit={submit.run}>
        <div className="app-form-card">
          <TextField
            label={t('contact.target')}
            field={form.field('contact')}
            autoComplete="email"
            maxLength={254}
            placeholder={t('contact.targetPlaceholder')}
          />
          <CaptchaField field={form.field('captchaCode')} captcha={captcha} />
          <CodeField field={form.field('code')} onSend={sendCode} sendTestId="contact-send-code" />
          <PasswordField label={t('contact.password')} field={form.field('password')} autoComplete="current-password" placeholder={t('contact.passwordPlaceholder')} />
        </div>
        <SubmitButton pending={submit.pending} testId="contact-submit">
          {t('contact.submit')}
        </SubmitButton>
      </AppForm>
    </div>
  );
}
