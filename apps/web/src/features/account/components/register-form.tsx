import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useRegister } from '../api/account-mutations';
import { usePreloadedAccountRules } from '../../../components/form/account-rules';
import { AppForm } from '../../../components/form/app-form';
import { CaptchaField } from './captcha-field';
import { withFormErrors } from '../../../components/form/form-call';
import { PasswordField } from '../../../components/form/password-field';
import { checks, contractRule, required } from '../../../components/form/rules';
import { TextField } from '../../../components/form/text-field';
import { useForm } from '../../../components/form/use-form';
import { UsernameField } from '../../../components/form/username-field';
import { SubmitButton } from '../../../components/submit-button';
import { showToast } from '../../../components/toast';
import { useCaptcha } from './use-captcha';
import { useGuardedAction } from '../../../components/use-guarded-action';
import { PATHS } from '../../../navigation/paths';
import { useRelaunch } from '../../../navigation/use-relaunch';
import { AgreementField } from './agreement-field';
import { ContactFields, type SolvedCaptcha } from './contact-fields';
import { CONTACT_RENAME, type RegisterValues } from '../model/register-fields';

export function RegisterForm() {
  const { t, i18n } = useTranslation();
  const [searchParams] = useSearchParams();
  const relaunch = useRelaunch();
  const captcha = useCaptcha('register');
  const register = useRegister();
  // After a code was sent, the picture code solved for it registers that contact: no second one is asked.
  const [solved, setSolved] = useState<SolvedCaptcha>();
  const solvedFor = (contact: string) => (solved?.contact === contact.trim() ? solved : undefined);
  const form = useForm<RegisterValues>(
    () => ({
      username: '',
      password: '',
      payPassword: '',
      inviteCode: searchParams.get('code') ?? '',
      captchaCode: '',
      contact: '',
      contactCode: '',
      agree: '',
    }),
    {
      username: checks(required(t('auth.usernameRequired')), contractRule((rules) => rules.usernameSchema, t)),
      password: checks(required(t('auth.passwordRequired')), contractRule((rules) => rules.passwordSchema, t)),
      payPassword: checks(required(t('register.payPasswordRequired')), contractRule((rules) => rules.payPasswordSchema, t)),
      inviteCode: checks(required(t('register.inviteCodeRequired')), contractRule((rules) => rules.inviteCodeSchema, t)),
      captchaCode: (value, values) => (solvedFor(values.contact) ? undefined : required<RegisterValues>(t('auth.captchaRequired'))(value, values)),
      contact: contractRule((rules) => rules.contactSchema, t),
      // With a contact, the code that proves it is required.
      contactCode: (value, values) =>
        values.contact.trim() ? checks<RegisterValues>(required(t('auth.codeRequired')), contractRule((rules) => rules.codeSchema, t))(value, values) : undefined,
      agree: required(t('register.agreeRequired')),
    },
  );

  usePreloadedAccountRules();

  // A captcha answers once: after every call that used it, a new picture and an empty answer.
  const renewCaptcha = () => {
    setSolved(undefined);
    captcha.refresh();
    form.setValue('captchaCode', '');
  };

  const submit = useGuardedAction(async () => {
    if (!(await form.validate())) return;
    const { values } = form;
    const contact = values.contact.trim();
    const picture = solvedFor(contact) ?? { captchaId: captcha.id ?? '', captchaCode: values.captchaCode.trim() };
    const body = {
      username: values.username.trim(),
      password: values.password,
      payPassword: values.payPassword,
      inviteCode: values.inviteCode.trim().toUpperCase(),
      captchaId: picture.captchaId,
      captchaCode: picture.captchaCode,
      lang: i18n.language,
      ...(contact ? { contact, contactCode: values.contactCode.trim() } : {}),
    };
    await withFormErrors(form, () => register.mutateAsync(body), {
      rename: CONTACT_RENAME,
      reasonFields: { USERNAME_TAKEN: 'username', CONTACT_TAKEN: 'contact' },
      onFailure: renewCaptcha,
    });
    showToast(t('register.success'));
    relaunch(PATHS.home);
  });

  return (
    <AppForm name="register" onSubmit={submit.run}>
      <div className="app-form-card">
        <UsernameField field={form.field('username')} placeholder={t('register.usernamePlaceholder')} />
        <PasswordField
          label={t('auth.password')}
          field={form.field('password')}
          autoComplete="new-password"
          placeholder={t('auth.newPasswordPlaceholder')}
        />
        <TextField
          label={t('register.payPassword')}
          field={form.field('payPassword')}
          secret
          autoComplete="off"
          inputMode="numeric"
          maxLength={6}
          placeholder={t('register.payPasswordPlaceholder')}
        />
        <TextField
          label={t('register.inviteCode')}
          field={form.field('inviteCode')}
          autoComplete="off"
          maxLength={32}
          placeholder={t('register.inviteCodePlaceholder')}
        />
        {!solvedFor(form.values.contact) && <CaptchaField field={form.field('captchaCode')} captcha={captcha} />}
      </div>
      <div className="app-form-card">
        <ContactFields
          form={form}
          captchaId={captcha.id}
          onCaptchaUsed={renewCaptcha}
          onCodeSent={(sent) => {
            setSolved(sent);
            // The shown picture is spent; a new one waits in case the contact changes.
            captcha.refresh();
            form.setValue('captchaCode', '');
          }}
        />
      </div>
      <AgreementField field={form.field('agree')} />
      <SubmitButton pending={submit.pending} testId="register-submit">
        {t('register.submit')}
      </SubmitButton>
    </AppForm>
  );
}
