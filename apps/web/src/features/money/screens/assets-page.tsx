import Button from 'antd-mobile/es/components/button';
import List from 'antd-mobile/es/components/list';
import BillOutline from 'antd-mobile-icons/es/BillOutline';
import ClockCircleOutline from 'antd-mobile-icons/es/ClockCircleOutline';
import FileOutline from 'antd-mobile-icons/es/FileOutline';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { assetsQuery, type Assets } from '../api/money-queries';
import { DelayedSpinner } from '../../../components/delayed-spinner';
import { LoadFailed } from '../../../components/load-failed';
import { CountUpMoney, CountUpPoints } from '../../../components/money-text';
import { signOf } from '../../../components/statement-text';
import { PATHS } from '../../../navigation/paths';
import '../money.css';

const TOTALS = ['recharged', 'withdrawn', 'ordered', 'profit'] as const;

function Totals({ totals }: { totals: Assets['totals'] }) {
  const { t } = useTranslation();
  return (
    <section className="app-money-card app-totals" aria-labelledby="totals-title">
      <h2 id="totals-title" className="app-money-card-title">
        {t('money.assets.totals')}
      </h2>
      <dl className="app-totals-grid">
        {TOTALS.map((key) => (
          <div key={key} className="app-totals-item">
            <dt>{t(`money.assets.${key}`)}</dt>
            <dd>
              <CountUpMoney
                value={totals[key]}
                className={key === 'profit' ? `app-signed app-signed-${signOf(totals[key])}` : undefined}
                testId={`total-${key}`}
              />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function AssetsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, error, refetch } = useQuery(assetsQuery);

  if (!data) return error ? <LoadFailed error={error} retry={() => void refetch()} /> : <DelayedSpinner />;

  return (
    <div className="app-money-page">
      <section className="app-money-hero" data-testid="assets-card">
        <p className="app-money-hero-label">{t('money.balance')}</p>
        <CountUpMoney value={data.balance} className="app-money-hero-amount" testId="assets-balance" />
        <dl className="app-money-hero-row">
          <div>
            <dt>{t('money.freeze')}</dt>
            <dd>
              <CountUpMoney value={data.freeze} testId="assets-freeze" />
            </dd>
          </div>
          <div>
            <dt>{t('money.coin')}</dt>
            <dd>
              <CountUpPoints value={data.coin} testId="assets-coin" />
            </dd>
          </div>
        </dl>
        <div className="app-money-hero-actions">
          <Button color="primary" fill="solid" className="app-on-hero" onClick={() => void navigate(PATHS.recharge)} data-testid="assets-recharge">
            {t('pages.recharge')}
          </Button>
          <Button fill="outline" className="app-on-blue" onClick={() => void navigate(PATHS.withdraw)} data-testid="assets-withdraw">
            {t('pages.withdraw')}
          </Button>
        </div>
      </section>
      <Totals totals={data.totals} />
      <List mode="card" className="app-money-links">
        <List.Item prefix={<FileOutline />} onClick={() => void navigate(PATHS.rechargeRecords)} arrowIcon data-testid="assets-recharge-records">
          {t('pages.rechargeRecords')}
        </List.Item>
        <List.Item prefix={<ClockCircleOutline />} onClick={() => void navigate(PATHS.withdrawRecords)} arrowIcon data-testid="assets-withdraw-records">
          {t('pages.withdrawRecords')}
        </List.Item>
        <List.Item prefix={<BillOutline />} onClick={() => void navigate(PATHS.statement)} arrowIcon data-testid="assets-statement">
          {t('pages.statement')}
        </List.Item>
      </List>
    </div>
  );
}
