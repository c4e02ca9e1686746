import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { assetsQuery } from '../../money';
import { PATHS } from '../../../navigation/paths';
import '../glance.css';
import { CountUpMoney, CountUpPoints } from '../../../components/money-text';

interface Props {
  /** `card`: the balance large, the rest under it (home); `row`: three side by side (Mine's header). */
  layout: 'card' | 'row';
}

/** The signed-in user's balance, frozen funds and credit points at a glance; tapping opens the assets. */
export function BalanceGlance({ layout }: Props) {
  const { t } = useTranslation();
  const { data } = useQuery(assetsQuery);
  const items: { key: string; label: string; value: ReactNode }[] = [
    { key: 'balance', label: t('money.balance'), value: data && <CountUpMoney value={data.balance} testId="glance-balance" /> },
    { key: 'freeze', label: t('money.freeze'), value: data && <CountUpMoney value={data.freeze} testId="glance-freeze" /> },
    { key: 'coin', label: t('money.coin'), value: data && <CountUpPoints value={data.coin} testId="glance-coin" /> },
  ];
  return (
    <Link to={PATHS.assets} className={`app-glance app-glance-${layout}`} aria-busy={!data} data-testid="balance-glance">
      <dl className="app-glance-items">
        {items.map((item) => (
          <div key={item.key} className={`app-glance-item app-glance-${item.key}`}>
            <dt>{item.label}</dt>
            <dd>{item.value ?? '–'}</dd>
          </div>
        ))}
      </dl>
      <RightOutline className="app-glance-arrow" aria-hidden="true" />
    </Link>
  );
}
