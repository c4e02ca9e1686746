import List from 'antd-mobile/es/components/list';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LanguagePicker } from '../../../components/language-picker';
import { PATHS } from '../../../navigation/paths';
import '../account.css';
import { LoginForm } from '../components/login-form';
import { LoginHeader } from '../components/login-header';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="app-account-page">
      <LoginHeader greeting={t('login.welcome')} hint={t('login.hint')} />
      <LoginForm />
      <p className="app-switch-line">
        {t('login.noAccount')}{' '}
        <Link to={PATHS.register} className="app-link" data-testid="register-link">
          {t('login.register')}
        </Link>
      </p>
      <List mode="card" className="app-section">
        <LanguagePicker />
        <List.Item onClick={() => navigate(PATHS.about)} arrowIcon data-testid="about-link">
          {t('pages.about')}
        </List.Item>
        <List.Item onClick={() => navigate(PATHS.feedback)} arrowIcon data-testid="feedback-link">
          {t('pages.feedback')}
        </List.Item>
      </List>
    </div>
  );
}
