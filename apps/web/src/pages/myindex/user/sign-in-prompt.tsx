import Button from 'antd-mobile/es/components/button';
import UserOutline from 'antd-mobile-icons/es/UserOutline';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS, loginPathReturningTo } from '../../../routes/paths';

/** What Mine shows without a session: an invitation to log in or register. */
export function SignInPrompt() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="app-profile" data-testid="sign-in-prompt">
      <span className="app-avatar" aria-hidden="true">
        <UserOutline />
      </span>
      <div className="app-profile-text">
        <h2 className="app-profile-name">{t('mine.signInTitle')}</h2>
        <p className="app-profile-invite">{t('mine.signInHint')}</p>
      </div>
      <div className="app-profile-actions">
        <Button color="primary" size="small" onClick={() => void navigate(loginPathReturningTo(PATHS.mine, ''))} data-testid="mine-login">
          {t('login.submit')}
        </Button>
        <Button size="small" fill="outline" className="app-on-blue" onClick={() => void navigate(PATHS.register)}>
          {t('register.submit')}
        </Button>
      </div>
    </section>
  );
}
