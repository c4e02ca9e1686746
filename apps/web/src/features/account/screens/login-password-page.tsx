import { useTranslation } from 'react-i18next';
import { useChangePassword } from '../api/account-mutations';
import { usePreloadedAccountRules } from '../../../components/form/account-rules';
import { AccountUsernameHint } from '../components/account-username-hint';
import { AppForm } from '../../../components/form/app-form';
import { withFormErrors } from '../../../components/form/form-call';
import { NewPasswordFields } from '../../../components/form/new-password-fields';
import { confirmPasswordRule, newPasswordRule } from '../../../components/form/new-password-rules';
import { PasswordField } from '../../../components/form/password-field';
import { differentFrom, required } from '../../../components/form/rules';
import { useForm } from '../../../components/form/use-form';
import { SubmitButton } from '../../../components/submit-button';
import { showToast } from '../../../components/toast';
import { useGuardedAction } from '../../../components/use-guarded-action';
import { PATHS } from '../../../navigation/paths';
import { useGoBack } from '../../../navigation/use-go-back';
import '../account.css';

type Values = { oldPassword: string; newPassword: string; confirmPassword: string };

export function LoginPasswordPage() {
  const { t } = useTranslation();
  const goBack = useGoBack(PATHS.settings);
  const changePassword = useChangePassword();
  usePreloadedAccountRules();
  const form = useForm<Values>(
    { oldPassword: '', newPassword: '', confirmPassword: '' },
    {
      oldPassword: required(t('password.currentRequired')),
      newPassword: newPasswordRule(t, differentFrom('oldPassword', t)),
      confirmPassword: confirmPasswordRule('newPassword', t),
    },
  );

  const submit = useGuardedAction(async () => {
    if (!(await form.validate())) return;
    const { oldPassword, newPassword } = form.values;
    await withFormErrors(form, () => changePassword.mutateAsync({ oldPassword, newPassword }));
    showToast(t('password.changed'));
    goBack();
  });

  return (
    <div className="app-account-page">
      <p className="app-advice" data-testid="password-advice">
        {t('password.advice')}
      </p>
      <AppForm name="change-password" onSubmit={submit.run}>
        <AccountUsernameHint />
        <div className="app-form-card">
          <PasswordField
            label={t('password.current')}
            field={form.field('oldPassword')}
            autoComplete="current-password"
            placeholder={t('password.currentPlaceholder')}
          />
          <NewPasswordFields password={form.field('newPassword')} confirmation={form.field('confirmPassword')} />
        </div>
        <SubmitButton pending={submit.pending} testId="password-submit">
          {t('password.submit')}
        </SubmitButton>
      </AppForm>
    </div>
  );
}
