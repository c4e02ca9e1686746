import { CALLS } from '@wallet/contract/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { callApi } from '../../../api/client';
import { startSession } from '../../../api/session';
import { CaptchaImage } from '../../../components/captcha-image';
import { usePreloadedAccountRules } from '../../../components/form/account-rules';
import { showCallError } from '../../../components/form/call-error';
import { checks, contractRule, required } from '../../../components/form/rules';
import { TextField } from '../../../components/form/text-field';
import { useForm } from '../../../components/form/use-form';
import { SubmitButton } from '../../../components/submit-button';
import { showToast } from '../../../components/toast';
import { useCaptcha } from '../../../components/use-captcha';
import { useGuardedAction } from '../../../components/use-guarded-action';
import { PATHS } from '../../../routes/paths';
import { useRelaunch } from '../../../routes/use-relaunch';
import { AgreementField } from './agreement-field';
import { ContactFields } from './contact-fields';
import { CONTACT_RENAME, type RegisterValues } from './register-fields';

export function RegisterForm() {
  const { t, i18n } = useTranslation();
  const [searchParams] = useSearchParams();
  const relaunch = useRelaunch();
  const captcha = useCaptcha('register');
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
      captchaCode: required(t('auth.captchaRequired')),
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
    captcha.refresh();
    form.setValue('captchaCode', '');
  };

  const submit = useGuardedAction(async () => {
    if (!(await form.validate())) return;
    const { values } = form;
    const contact = values.contact.trim();
    try {
      const { token } = await callApi(
        CALLS.register,
        {
          username: values.username.trim(),
          password: values.password,
          payPassword: values.payPassword,
          inviteCode: values.inviteCode.trim().toUpperCase(),
          captchaId: captcha.id ?? '',
          captchaCode: values.captchaCode.trim(),
          lang: i18n.language,
          ...(contact ? { contact, contactCode: values.contactCode.trim() } : {}),
        },
        { quiet: true },
      );
      startSession(token);
      showToast(t('register.success'));
      relaunch(PATHS.home);
    } catch (error) {
      renewCaptcha();
      showCallError(form, error, { rename: CONTACT_RENAME, reasonFields: { USERNAME_TAKEN: 'username' } });
      throw error;
    }
  });

  return (
    <form
      name="register"
      className="app-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit.run();
      }}
    >
      <div className="app-form-card">
        <TextField
          label={t('auth.username')}
          field={form.field('username')}
          autoComplete="username"
          maxLength={20}
          placeholder={t('register.usernamePlaceholder')}
        />
        <TextField
          label={t('auth.password')}
          field={form.field('password')}
          secret
          autoComplete="new-password"
          maxLength={20}
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
        <TextField
          label={t('auth.captcha')}
          field={form.field('captchaCode')}
          extra={<CaptchaImage captcha={captcha} />}
          autoComplete="off"
          maxLength={12}
          placeholder={t('auth.captchaPlaceholder')}
        />
      </div>
      <div className="app-form-card">
        <ContactFields form={form} captchaId={captcha.id} onCaptchaUsed={renewCaptcha} />
      </div>
      <AgreementField field={form.field('agree')} />
      <SubmitButton pending={submit.pending} testId="register-submit">
        {t('register.submit')}
      </SubmitButton>
    </form>
  );
}
