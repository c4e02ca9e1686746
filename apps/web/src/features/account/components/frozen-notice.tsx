import { useTranslation } from 'react-i18next';
import { CustomerServiceButton } from '../../customer-service';

/** What a frozen account is told at sign-in, with the one way forward: customer service can lift the freeze. */
export function FrozenNotice() {
  const { t } = useTranslation();
  return (
    <section className="app-frozen-notice" role="alert" data-testid="frozen-notice">
      <h2 className="app-frozen-title">{t('firstDays.frozenTitle')}</h2>
      <p className="app-frozen-text">{t('firstDays.frozenText')}</p>
      <CustomerServiceButton fill="solid" />
    </section>
  );
}
