import { CALLS } from '@wallet/contract/core';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../api/client';
import { usePreloadedAccountRules } from '../../../components/form/account-rules';
import { showCallError } from '../../../components/form/call-error';
import { checks, contractRule, required } from '../../../components/form/rules';
import { TextField } from '../../../components/form/text-field';
import { useForm } from '../../../components/form/use-form';
import { SubmitButton } from '../../../components/submit-button';
import { showToast } from '../../../components/toast';
import { useGuardedAction } from '../../../components/use-guarded-action';
import { PATHS } from '../../../routes/paths';
import { useGoBack } from '../../../routes/use-go-back';
import '../../../styles/account.css';
import { PayPasswordTwice } from './pay-password-twice';
import { AccountUsernameHint } from '../../../components/form/account-username-hint';

type Values = { password: string; newPayPassword: string };

export default function PayPasswordPage() {
  const { t } = useTranslation();
  const goBack = useGoBack(PATHS.settings);
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
    try {
      await callApi(CALLS.changePayPassword, { ...form.values }, { quiet: true });
    } catch (error) {
      showCallError(form, error);
      throw error;
    }
    showToast(t('payPassword.changed'));
    goBack();
  });

  return (
    <div className="app-account-page">
      <p className="app-advice" data-testid="pay-password-advice">
        {t('payPassword.advice')}
      </p>
      <form
        name="change-pay-password"
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
            label={t('payPassword.loginPassword')}
            field={form.field('password')}
            secret
            autoComplete="current-password"
            maxLength={20}
            placeholder={t('payPassword.loginPasswordPlaceholder')}
          />
          <PayPasswordTwice field={form.field('newPayPassword')} />
        </div>
        <SubmitButton pending={submit.pending} testId="pay-password-submit">
          {t('payPassword.submit')}
        </SubmitButton>
      </form>
    </div>
  );
}
