import { useTranslation } from 'react-i18next';
import { CustomerServiceButton } from '../../customer-service';

/** Why an expired recharge was not credited, and whom to ask when it was paid after all. */
export function ExpiredRechargeNote() {
  const { t } = useTranslation();
  return (
    <div className="app-money-note app-money-note-muted" role="note" data-testid="expired-note">
      <p>{t('money.recharge.expiredNote')}</p>
      <CustomerServiceButton />
    </div>
  );
}
