import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PATHS, loginPathReturningTo } from '../../routes/paths';

/** Without a session: what the game shows once logged in, and the way there and back. */
export function GameSignIn({ title, hint }: { title: string; hint: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return (
    <section className="app-game-sign-in" data-testid="game-sign-in">
      <h2 className="app-game-sign-in-title">{title}</h2>
      <p className="app-game-sign-in-hint">{hint}</p>
      <div className="app-game-sign-in-actions">
        <Button color="primary" size="small" onClick={() => void navigate(loginPathReturningTo(pathname, search))} data-testid="game-login">
          {t('login.submit')}
        </Button>
        <Button size="small" fill="outline" onClick={() => void navigate(PATHS.register)}>
          {t('register.submit')}
        </Button>
      </div>
    </section>
  );
}
