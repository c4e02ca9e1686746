import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../navigation/paths';

/** Too many wrong payment passwords: how long withdrawals stay locked, and the way to a new payment password, which lifts the lock. */
export function PayPasswordLock({ minutes }: { minutes: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    notice.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  return (
    <div ref={notice} className="app-money-note app-money-note-danger app-pay-lock" role="alert" data-testid="pay-password-locked">
      <p>{t('money.withdraw.locked', { minutes })}</p>
      <button type="button" className="app-link-button" onClick={() => void navigate(PATHS.payPassword)} data-testid="reset-pay-password">
        {t('money.withdraw.resetPayPassword')}
      </button>
    </div>
  );
}
