import List from 'antd-mobile/es/components/list';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguagePicker } from '../../../components/language-picker';
import { PATHS } from '../../../navigation/paths';
import '../account.css';
import { RegisterForm } from '../components/register-form';

export function RegisterPage() {
  const { t } = useTranslation();
  return (
    <div className="app-account-page">
      <RegisterForm />
      <p className="app-switch-line">
        {t('register.haveAccount')}{' '}
        <Link to={PATHS.login} replace className="app-link" data-testid="login-link">
          {t('login.submit')}
        </Link>
      </p>
      <List mode="card" className="app-section">
        <LanguagePicker />
      </List>
    </div>
  );
}
