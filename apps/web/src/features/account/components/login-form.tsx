import Checkbox from 'antd-mobile/es/components/checkbox';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useSignIn } from '../api/account-mutations';
import { ApiError } from '../../../api/api-error';
import { rememberedUsernameStore } from '../../../api/storage';
import { AppForm } from '../../../components/form/app-form';
import { CaptchaField } from './captcha-field';
import { showCallError } from '../../../components/form/call-error';
import { PasswordField } from '../../../components/form/password-field';
import { required } from '../../../components/form/rules';
import { useForm } from '../../../components/form/use-form';
import { UsernameField } from '../../../components/form/username-field';
import { SubmitButton } from '../../../components/submit-button';
import { showToast } from '../../../components/toast';
import { useCaptcha } from './use-captcha';
import { useGuardedAction } from '../../../components/use-guarded-action';
import { PATHS } from '../../../navigation/paths';
import { redirectTarget } from '../../../navigation/redirect-target';
import { useRelaunch } from '../../../navigation/use-relaunch';
import { captchaNeededAfter, lockedMinutes } from '../model/sign-in-failure';
import { arrivedFrozen, prefilledUsername } from '../model/login-prefill';
import { FrozenNotice } from './frozen-notice';

type Values = { username: string; password: string; captchaCode: string };

export function LoginForm() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const relaunch = useRelaunch();
  const [rememberedUsername] = useState(rememberedUsernameStore.get);
  const [frozen, setFrozen] = useState(() => arrivedFrozen(location.state));
  const [remember, setRemember] = useState(rememberedUsername !== null);
  const [captchaNeeded, setCaptchaNeeded] = useState(false);
  const captcha = useCaptcha('login', captchaNeeded);
  const signIn = useSignIn();
  const form = useForm<Values>({ username: prefilledUsername(location.state) ?? rememberedUsername ?? '', password: '', captchaCode: '' }, {
    username: required(t('auth.usernameRequired')),
    password: required(t('auth.passwordRequired')),
    captchaCode: (value) => (captchaNeeded && !value.trim() ? t('auth.captchaRequired') : undefined),
  });

  const showFailure = (error: unknown) => {
    if (!(error instanceof ApiError)) return;
    if (captchaNeededAfter(error)) setCaptchaNeeded(true);
    const frozenNow = error.reason === 'ACCOUNT_FROZEN';
    setFrozen(frozenNow);
    // A frozen account's notice says it and offers the way on: a toast would say it again, over its button.
    if (frozenNow) return;
    const minutes = lockedMinutes(error);
    if (minutes) showToast(`${error.mess} ${t('login.lockedFor', { minutes })}`);
    else showCallError(form, error);
  };

  const submit = useGuardedAction(async () => {
    if (!(await form.validate())) return;
    const { values } = form;
    const username = values.username.trim();
    const captchaAnswer = captchaNeeded && captcha.id ? { captchaId: captcha.id, captchaCode: values.captchaCode.trim() } : undefined;
    try {
      await signIn.mutateAsync({ username, password: values.password, ...captchaAnswer });
      rememberedUsernameStore.save(username, remember);
      showToast(t('login.success'));
      relaunch(redirectTarget(searchParams.get('redirect')));
    } catch (error) {
      // A captcha answers once: whatever went wrong, the next try needs a new one.
      if (captchaAnswer) {
        captcha.refresh();
        form.setValue('captchaCode', '');
      }
      showFailure(error);
      throw error;
    }
  });

  return (
    <AppForm name="login" onSubmit={submit.run}>
      {frozen && <FrozenNotice />}
      <div className="app-form-card">
        <UsernameField field={form.field('username')} placeholder={t('auth.usernamePlaceholder')} />
        <PasswordField
          label={t('auth.password')}
          field={form.field('password')}
          autoComplete="current-password"
          placeholder={t('auth.passwordPlaceholder')}
        />
        {captchaNeeded && <CaptchaField field={form.field('captchaCode')} captcha={captcha} />}
      </div>
      <div className="app-form-row">
        <Checkbox checked={remember} onChange={setRemember} className="app-remember" data-testid="remember-password">
          {t('login.remember')}
        </Checkbox>
        <Link to={PATHS.forgotPassword} className="app-link" data-testid="forgot-password">
          {t('login.forgot')}
        </Link>
      </div>
      <SubmitButton pending={submit.pending} testId="login-submit">
        {t('login.submit')}
      </SubmitButton>
    </AppForm>
  );
}
