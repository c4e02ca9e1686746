import { LIMIT_KINDS, LIMIT_PERIODS, type LimitKind, type LimitPeriod } from '@wallet/contract/core';
import { Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrencySymbol } from '../../../api/currency';
import { DateTime } from '../../../components/date-time';
import { MoneyText } from '../../../components/money-text';
import { limitText, usedText, type PlayerProtection } from './protection-words';

/** One limit in force, what its window holds now, and a raise or removal waiting for its 24 hours. */
function LimitCell({ protection, kind, period }: { protection: PlayerProtection; kind: LimitKind; period: LimitPeriod }) {
  const { t } = useTranslation();
  const symbol = useCurrencySymbol();
  const limit = protection[kind][period];
  const pending = protection.pending.find((waiting) => waiting.kind === kind && waiting.period === period);
  return (
    <Flex vertical gap={2} align="start" data-testid={`limit-${kind}-${period}`}>
      {limit === null ? <Typography.Text type="secondary">{t('protection.noLimit')}</Typography.Text> : <MoneyText value={limit} />}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {usedText(protection.used[kind][period], { t, symbol })}
      </Typography.Text>
      {pending ? (
        <>
          <Tag color="gold" style={{ marginInlineEnd: 0 }}>
            {pending.amount === null ? t('protection.pendingRemoval') : t('protection.pendingRaise', { amount: limitText(pending.amount, { t, symbol }) })}
          </Tag>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('protection.appliesAt')} <DateTime value={pending.effectiveAt} />
          </Typography.Text>
        </>
      ) : null}
    </Flex>
  );
}

/** Deposit and loss limits per rolling window (24 hours, 7 days, 30 days). */
export function ProtectionLimits({ protection }: { protection: PlayerProtection }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<{ kind: LimitKind }> = [
    { title: t('protection.limit'), dataIndex: 'kind', render: (kind: LimitKind) => t(`protection.kinds.${kind}`) },
    ...LIMIT_PERIODS.map((period) => ({
      title: t(`protection.periods.${period}`),
      key: period,
      // Equal windows side by side, however long a waiting raise makes one of them.
      width: '26%',
      render: (_: unknown, row: { kind: LimitKind }) => <LimitCell protection={protection} kind={row.kind} period={period} />,
    })),
  ];
  return <Table size="small" rowKey="kind" pagination={false} columns={columns} dataSource={LIMIT_KINDS.map((kind) => ({ kind }))} data-testid="protection-limits" />;
}
