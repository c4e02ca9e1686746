import Button from 'antd-mobile/es/components/button';
import List from 'antd-mobile/es/components/list';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomerServiceSheet } from './use-customer-service-sheet';

/** A list row "customer service" that opens the contacts sheet. */
export function CustomerServiceItem({ prefix }: { prefix?: ReactNode }) {
  const { t } = useTranslation();
  const customerService = useCustomerServiceSheet();
  return (
    <>
      <List.Item prefix={prefix} onClick={customerService.show} arrowIcon data-testid="customer-service">
        {t('kefu.title')}
      </List.Item>
      {customerService.sheet}
    </>
  );
}

/** A button "contact customer service" that opens the same sheet, where a page needs help beside what it says. */
export function CustomerServiceButton({ fill = 'outline' }: { fill?: 'solid' | 'outline' }) {
  const { t } = useTranslation();
  const customerService = useCustomerServiceSheet();
  return (
    <>
      <Button size="small" color="primary" fill={fill} onClick={customerService.show} data-testid="customer-service">
        {t('kefu.contact')}
      </Button>
      {customerService.sheet}
    </>
  );
}
