import { useTranslation } from 'react-i18next';
import { useChangePayPassword } from '../api/account-mutations';
import { usePreloadedAccountRules } from '../../../components/form/account-rules';
import { AccountUsernameHint } from '../components/account-username-hint';
import { AppForm } from '../../../components/form/app-form';
import { withFormErrors } from '../../../components/form/form-call';
import { PasswordField } from '../../../components/form/password-field';
import { checks, contractRule, required } from '../../../components/form/rules';
import { useForm } from '../../../components/form/use-form';
import { SubmitButton } from '../../../components/submit-button';
import { showToast } from '../../../components/toast';
import { useGuardedAction } from '../../../components/use-guarded-action';
import { PATHS } from '../../../navigation/paths';
import { useGoBack } from '../../../navigation/use-go-back';
import '../account.css';
import { PayPasswordTwice } from '../components/pay-password-twice';

type Values = { password: string; newPayPassword: string };

export function PayPasswordPage() {
  const { t } = useTranslation();
  const goBack = useGoBack(PATHS.settings);
  const changePayPassword = useChangePayPassword();
  usePreloadedAccountRules();
  const form = useForm<Values>(
    { password: '', newPayPassword: '' },
    {
      password: required(t('payPassword.loginPasswordRequired')),
      newPayPassword: checks(required(t('payPassword.newRequired')), contractRule((rules) => rules.payPasswordSchema, t)),
    },
  );

  const submit = useGuardedAction(async () => {
    if (!(await form.validate())) return;
    await withFormErrors(form, () => changePayPassword.mutateAsync({ ...form.values }));
    showToast(t('payPassword.changed'));
    goBack();
  });

  return (
    <div className="app-account-page">
      <p className="app-advice" data-testid="pay-password-advice">
        {t('payPassword.advice')}
      </p>
      <AppForm name="change-pay-password" onSubmit={submit.run}>
        <AccountUsernameHint />
        <div className="app-form-card">
          <PasswordField
            label={t('payPassword.loginPassword')}
            field={form.field('password')}
            autoComplete="current-password"
            placeholder={t('payPassword.loginPasswordPlaceholder')}
          />
          <PayPasswordTwice field={form.field('newPayPassword')} />
        </div>
        <SubmitButton pending={submit.pending} testId="pay-password-submit">
          {t('payPassword.submit')}
        </SubmitButton>
      </AppForm>
    </div>
  );
}
