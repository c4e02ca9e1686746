import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ORDER_FILTERS, orderListQuery } from '../api/game-queries';
import { hasSession } from '../../../api/session';
import { StatusRecordList } from '../../../components/list/status-record-list';
import { SignInPrompt } from '../../../components/sign-in-prompt';
import '../game.css';
import '../../money/money.css';
import { OrderRecord } from '../components/order-record';
import { PATHS } from '../../../navigation/paths';

/** The seed's order records ("take notes"): every order, those waiting for their draw, and those settled with it. */
export function OrderRecordsPage() {
  const { t } = useTranslation();
  if (!hasSession())
    return (
      <div className="app-list-page">
        <SignInPrompt title={t('mine.signInTitle')} hint={t('gamePages.records.signedOut')} card />
      </div>
    );
  return (
    <>
      <Link to={PATHS.chases} className="app-records-to-chases" data-testid="to-chases">
        {t('gamePages.chase.list.link')}
      </Link>
      <StatusRecordList
        statuses={ORDER_FILTERS}
        statusLabel={(filter) => t(`gamePages.records.${filter}`)}
        listQuery={orderListQuery}
        renderItem={(order) => <OrderRecord order={order} />}
        testId="order-records"
      />
    </>
  );
}
