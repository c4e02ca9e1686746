import Button from 'antd-mobile/es/components/button';
import Popup from 'antd-mobile/es/components/popup';
import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { customerServiceQuery } from '../api/customer-service-queries';
import { DelayedSpinner } from '../../../components/delayed-spinner';
import { EmptyState } from '../../../components/empty-state';

// The list and its icons follow the sheet: with the sheet's animation library in one download they passed the page budget.
const CustomerServiceContacts = lazy(() => import('./customer-service-contacts'));

/** Customer service contacts in a bottom sheet; tapping one opens it the way its kind needs. */
export default function CustomerServiceSheet({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { data, isError, refetch } = useQuery(customerServiceQuery);
  let body: ReactNode = <DelayedSpinner />;
  if (data)
    body = (
      <Suspense fallback={<DelayedSpinner />}>
        <CustomerServiceContacts contacts={data.contacts} />
      </Suspense>
    );
  else if (isError)
    body = (
      <EmptyState title={t('kefu.loadFailed')}>
        <Button color="primary" onClick={() => void refetch()}>
          {t('common.retry')}
        </Button>
      </EmptyState>
    );

  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} showCloseButton bodyClassName="app-sheet" data-testid="kefu-sheet">
      <h2 className="app-popup-title">{t('kefu.title')}</h2>
      {body}
    </Popup>
  );
}
