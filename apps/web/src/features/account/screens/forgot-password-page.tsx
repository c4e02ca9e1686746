import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useResetPassword, useSendResetCode } from '../api/account-mutations';
import { rememberedUsernameStore } from '../../../api/storage';
import { usePreloadedAccountRules } from '../../../components/form/account-rules';
import { AppForm } from '../../../components/form/app-form';
import { CaptchaField } from '../components/captcha-field';
import { CodeField } from '../../../components/form/code-field';
import { withFormErrors } from '../../../components/form/form-call';
import { NewPasswordFields } from '../../../components/form/new-password-fields';
import { confirmPasswordRule, newPasswordRule } from '../../../components/form/new-password-rules';
import { checks, contractRule, required } from '../../../components/form/rules';
import { useForm } from '../../../components/form/use-form';
import { UsernameField } from '../../../components/form/username-field';
import { SubmitButton } from '../../../components/submit-button';
import { showToast } from '../../../components/toast';
import { useCaptcha } from '../components/use-captcha';
import { useGuardedAction } from '../../../components/use-guarded-action';
import { PATHS } from '../../../navigation/paths';
import { loginPrefill } from '../model/login-prefill';
import '../account.css';

type Values = { username: string; captchaCode: string; code: string; password: string; confirmPassword: string };

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const captcha = useCaptcha('reset');
  const sendResetCode = useSendResetCode();
  const resetPassword = useResetPassword();
  const form = useForm<Values>(
    () => ({ username: rememberedUsernameStore.get() ?? '', captchaCode: '', code: '', password: '', confirmPassword: '' }),
    {
      username: checks(required(t('auth.usernameRequired')), contractRule((rules) => rules.usernameSchema, t)),
      captchaCode: required(t('auth.captchaRequired')),
      code: checks(required(t('auth.codeRequired')), contractRule((rules) => rules.codeSchema, t)),
      password: newPasswordRule(t),
      confirmPassword: confirmPasswordRule('password', t),
    },
  );

  usePreloadedAccountRules();

  // A captcha answers once: after every call that used it, a new picture and an empty answer.
  const renewCaptcha = () => {
    captcha.refresh();
    form.setValue('captchaCode', '');
  };

  const sendCode = async (): Promise<number | undefined> => {
    if (!(await form.validate(['username', 'captchaCode']))) return undefined;
    const body = { username: form.values.username.trim(), purpose: 'reset', captchaId: captcha.id ?? '', captchaCode: form.values.captchaCode.trim() } as const;
    const { retryAfterSeconds } = await withFormErrors(form, () => sendResetCode.mutateAsync(body), { onFailure: renewCaptcha });
    renewCaptcha();
    showToast(t('forgot.codeSent'));
    return retryAfterSeconds;
  };

  const submit = useGuardedAction(async () => {
    if (!(await form.validate(['username', 'code', 'password', 'confirmPassword']))) return;
    const { username, code, password } = form.values;
    await withFormErrors(form, () => resetPassword.mutateAsync({ username: username.trim(), code: code.trim(), password }));
    showToast(t('forgot.success'));
    // The login form holds the account just reset: only its new password is left to type.
    void navigate(PATHS.login, { replace: true, state: loginPrefill(username.trim()) });
  });

  return (
    <div className="app-account-page">
      <p className="app-advice">{t('forgot.hint')}</p>
      <AppForm name="reset-password" onSubmit={submit.run}>
        <div className="app-form-card">
          <UsernameField field={form.field('username')} placeholder={t('auth.usernamePlaceholder')} />
          <CaptchaField field={form.field('captchaCode')} captcha={captcha} />
          <CodeField field={form.field('code')} onSend={sendCode} sendTestId="reset-send-code" />
          <NewPasswordFields password={form.field('password')} confirmation={form.field('confirmPassword')} />
        </div>
        <SubmitButton pending={submit.pending} testId="reset-submit">
          {t('forgot.submit')}
        </SubmitButton>
      </AppForm>
    </div>
  );
}
