import { CALLS } from '@wallet/contract/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { callApi } from '../../../api/client';
import { rememberedUsernameStore } from '../../../api/storage';
import { CodeButton } from '../../../components/code-button';
import { usePreloadedAccountRules } from '../../../components/form/account-rules';
import { showCallError } from '../../../components/form/call-error';
import { checks, contractRule, required, sameAs } from '../../../components/form/rules';
import { TextField } from '../../../components/form/text-field';
import { useForm } from '../../../components/form/use-form';
import { SubmitButton } from '../../../components/submit-button';
import { showToast } from '../../../components/toast';
import { useGuardedAction } from '../../../components/use-guarded-action';
import { PATHS } from '../../../routes/paths';
import '../../../styles/account.css';

type Values = { username: string; code: string; password: string; confirmPassword: string };

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm<Values>(() => ({ username: rememberedUsernameStore.get() ?? '', code: '', password: '', confirmPassword: '' }), {
    username: checks(required(t('auth.usernameRequired')), contractRule((rules) => rules.usernameSchema, t)),
    code: checks(required(t('auth.codeRequired')), contractRule((rules) => rules.codeSchema, t)),
    password: checks(required(t('auth.newPasswordRequired')), contractRule((rules) => rules.passwordSchema, t)),
    confirmPassword: checks(required(t('auth.confirmPasswordRequired')), sameAs('password', t)),
  });

  usePreloadedAccountRules();

  const sendCode = async (): Promise<number | undefined> => {
    if (!(await form.validate(['username']))) return undefined;
    try {
      const { retryAfterSeconds } = await callApi(CALLS.sendResetCode, { username: form.values.username.trim(), purpose: 'reset' }, { quiet: true });
      showToast(t('forgot.codeSent'));
      return retryAfterSeconds;
    } catch (error) {
      showCallError(form, error);
      throw error;
    }
  };

  const submit = useGuardedAction(async () => {
    if (!(await form.validate())) return;
    const { username, code, password } = form.values;
    try {
      await callApi(CALLS.forgetPassword, { username: username.trim(), code: code.trim(), password }, { quiet: true });
    } catch (error) {
      showCallError(form, error);
      throw error;
    }
    showToast(t('forgot.success'));
    void navigate(PATHS.login, { replace: true });
  });

  return (
    <div className="app-account-page">
      <p className="app-advice">{t('forgot.hint')}</p>
      <form
        name="reset-password"
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
            placeholder={t('auth.usernamePlaceholder')}
          />
          <TextField
            label={t('auth.code')}
            field={form.field('code')}
            extra={<CodeButton onSend={sendCode} testId="reset-send-code" />}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            placeholder={t('auth.codePlaceholder')}
          />
          <TextField
            label={t('auth.newPassword')}
            field={form.field('password')}
            secret
            autoComplete="new-password"
            maxLength={20}
            placeholder={t('auth.newPasswordPlaceholder')}
          />
          <TextField
            label={t('auth.confirmPassword')}
            field={form.field('confirmPassword')}
            secret
            autoComplete="new-password"
            maxLength={20}
            placeholder={t('auth.confirmPasswordPlaceholder')}
          />
        </div>
        <SubmitButton pending={submit.pending} testId="reset-submit">
          {t('forgot.submit')}
        </SubmitButton>
      </form>
    </div>
  );
}
