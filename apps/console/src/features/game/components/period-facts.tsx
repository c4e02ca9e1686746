import type { OPERATOR_CALLS } from '@wallet/contract/core';
import { Descriptions, Typography, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResultOf } from '../../../api/call-types';
import { useCurrencySymbol } from '../../../api/currency';
import { formatAmount, formatCount, withCurrency } from '../../../components/number-format';
import { HashText } from './hash-text';

type Period = ResultOf<typeof OPERATOR_CALLS.periodExposure>['period'];

/** What a period publishes to be checked: its seed hash, the orders fixed at its lock, its beacon round and, if void, why. */
export function PeriodFacts({ period }: { period: Period }) {
  const { t } = useTranslation();
  const currencySymbol = useCurrencySymbol();
  const atTheLock = <Typography.Text type="secondary">{t('periods.atTheLock')}</Typography.Text>;
  const items: DescriptionsProps['items'] = [
    { key: 'seedHash', label: t('periods.seedHash'), children: <HashText value={period.serverSeedHash} /> },
    { key: 'ordersRoot', label: t('periods.ordersRoot'), children: period.ordersRoot === null ? atTheLock : <HashText value={period.ordersRoot} /> },
    {
      key: 'ordersFixed',
      label: t('periods.ordersFixed'),
      children:
        period.orderCount === null || period.orderedAmount === null
          ? atTheLock
          : t('periods.ordersFixedValue', { count: formatCount(period.orderCount), amount: withCurrency(formatAmount(period.orderedAmount), currencySymbol) }),
    },
    ...(period.beaconRound === null ? [] : [{ key: 'beaconRound', label: t('periods.beaconRound'), children: String(period.beaconRound) }]),
    ...(period.voidReason === null
      ? []
      : [{ key: 'voidReason', label: t('periods.voidReason'), children: <Typography.Text type="danger">{t(`fairness.reasons.${period.voidReason}`)}</Typography.Text> }]),
  ];
  return <Descriptions size="small" column={3} items={items} style={{ marginBottom: 12 }} data-testid="period-facts" />;
}
