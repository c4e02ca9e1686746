import Button from 'antd-mobile/es/components/button';
import UserOutline from 'antd-mobile-icons/es/UserOutline';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PATHS, loginPathReturningTo } from '../navigation/paths';
import '../styles/profile.css';

/** Goes to the login page, which comes back to the page shown now, query and all. */
export function useLogInAndReturn() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return () => void navigate(loginPathReturningTo(pathname, search));
}

interface Props {
  title: string;
  hint: string;
  /** A card inside the page's margins, rather than the band across the top of Mine. */
  card?: boolean;
}

/** What a page shows without a session: what logging in brings, and the way to log in (and back) or register. */
export function SignInPrompt({ title, hint, card = false }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logIn = useLogInAndReturn();
  return (
    <section className={card ? 'app-profile app-profile-card' : 'app-profile'} data-testid="sign-in-prompt">
      <span className="app-avatar" aria-hidden="true">
        <UserOutline />
      </span>
      <div className="app-profile-text">
        <h2 className="app-profile-name">{title}</h2>
        <p className="app-profile-invite">{hint}</p>
      </div>
      <div className="app-profile-actions">
        <Button color="primary" size="small" onClick={logIn} data-testid="mine-login">
          {t('login.submit')}
        </Button>
        <Button size="small" fill="outline" className="app-on-blue" onClick={() => void navigate(PATHS.register)}>
          {t('register.submit')}
        </Button>
      </div>
    </section>
  );
}
