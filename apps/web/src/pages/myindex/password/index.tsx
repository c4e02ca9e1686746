import { CALLS } from '@wallet/contract/core';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../api/client';
import { usePreloadedAccountRules } from '../../../components/form/account-rules';
import { showCallError } from '../../../components/form/call-error';
import { checks, contractRule, differentFrom, required, sameAs } from '../../../components/form/rules';
import { TextField } from '../../../components/form/text-field';
import { useForm } from '../../../components/form/use-form';
import { SubmitButton } from '../../../components/submit-button';
import { showToast } from '../../../components/toast';
import { useGuardedAction } from '../../../components/use-guarded-action';
import { PATHS } from '../../../routes/paths';
import { useGoBack } from '../../../routes/use-go-back';
import '../../../styles/account.css';
import { AccountUsernameHint } from '../../../components/form/account-username-hint';

type Values = { oldPassword: string; newPassword: string; confirmPassword: string };

export default function LoginPasswordPage() {
  const { t } = useTranslation();
  const goBack = useGoBack(PATHS.settings);
  usePreloadedAccountRules();
  const form = useForm<Values>(
    { oldPassword: '', newPassword: '', confirmPassword: '' },
    {
      oldPassword: required(t('password.currentRequired')),
      newPassword: checks(
        required(t('auth.newPasswordRequired')),
        contractRule((rules) => rules.passwordSchema, t),
        differentFrom('oldPassword', t),
      ),
      confirmPassword: checks(required(t('auth.confirmPasswordRequired')), sameAs('newPassword', t)),
    },
  );

  const submit = useGuardedAction(async () => {
    if (!(await form.validate())) return;
    const { oldPassword, newPassword } = form.values;
    try {
      await callApi(CALLS.changePassword, { oldPassword, newPassword }, { quiet: true });
    } catch (error) {
      showCallError(form, error);
      throw error;
    }
    // The server ended the account's other sessions; this one goes on.
    showToast(t('password.changed'));
    goBack();
  });

  return (
    <div className="app-account-page">
      <p className="app-advice" data-testid="password-advice">
        {t('password.advice')}
      </p>
      <form
        name="change-password"
        className="app-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit.run();
        }}
      >
        <AccountUsernameHint />
        <div className="app-form-card">
          <TextField
            label={t('password.current')}
            field={form.field('oldPassword')}
            secret
            autoComplete="current-password"
            maxLength={20}
            placeholder={t('password.currentPlaceholder')}
          />
          <TextField
            label={t('auth.newPassword')}
            field={form.field('newPassword')}
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
        <SubmitButton pending={submit.pending} testId="password-submit">
          {t('password.submit')}
        </SubmitButton>
      </form>
    </div>
  );
}
