import List from 'antd-mobile/es/components/list';
import type { ReactNode } from 'react';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The sheet and its contacts are fetched on the first tap.
const KefuSheet = lazy(() => import('./kefu-sheet'));

/** A list row "customer service" that opens the contacts sheet. */
export function CustomerServiceItem({ prefix }: { prefix?: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <List.Item prefix={prefix} onClick={() => setOpen(true)} arrowIcon data-testid="customer-service">
        {t('kefu.title')}
      </List.Item>
      {open && (
        <Suspense fallback={null}>
          <KefuSheet onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
