import { DatePicker, Flex, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { QueryError } from '../../../components/query-error';
import { useListParams } from '../../../components/use-list-params';
import { useDashboard } from '../api/dashboard-calls';
import { DayChart } from './day-chart';
import { DayFigures } from './day-figures';
import { QueueCards } from './queue-cards';

const DAY = 'YYYY-MM-DD';
const FILTERS = ['from', 'to'] as const;
const today = () => dayjs().format(DAY);
const DEFAULTS = { from: dayjs().subtract(13, 'day').format(DAY), to: today() };

const COLORS = { in: '#52c41a', out: '#fa8c16', ordered: '#1677ff', paidOut: '#722ed1', house: '#13c2c2' };

export function DashboardPage() {
  const { t } = useTranslation();
  const list = useListParams(FILTERS, DEFAULTS);
  const from = list.filters.from ?? DEFAULTS.from;
  const to = list.filters.to ?? DEFAULTS.to;
  const todays = useDashboard(today(), today());
  const range = useDashboard(from, to);
  const rows = (range.data?.days ?? []).map((day) => ({
    date: day.date,
    recharged: Number(day.recharged),
    withdrawn: Number(day.withdrawn),
    ordered: Number(day.ordered),
    paidOut: Number(day.paidOut),
    houseResult: Number(day.houseResult),
  }));

  const presets = [
    { label: t('dashboard.last7'), value: [dayjs().subtract(6, 'day'), dayjs()] as [Dayjs, Dayjs] },
    { label: t('dashboard.last30'), value: [dayjs().subtract(29, 'day'), dayjs()] as [Dayjs, Dayjs] },
    { label: t('dashboard.thisMonth'), value: [dayjs().startOf('month'), dayjs()] as [Dayjs, Dayjs] },
  ];

  return (
    <Page title={t('menu.dashboard')}>
      <QueryError error={todays.error ?? range.error} onRetry={() => Promise.all([todays.refetch(), range.refetch()])} />
      {todays.data ? <QueueCards queues={todays.data.queues} /> : null}
      <Typography.Title level={5}>{t('dashboard.today')}</Typography.Title>
      {todays.data ? <DayFigures figures={todays.data.total} testId="today-figures" /> : null}
      <Flex justify="space-between" align="center" style={{ margin: '24px 0 12px' }} wrap gap={8}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('dashboard.range')}
        </Typography.Title>
        <Space>
          {range.data ? <Typography.Text type="secondary">{t('dashboard.timeZone', { zone: range.data.timeZone })}</Typography.Text> : null}
          <DatePicker.RangePicker
            value={[dayjs(from), dayjs(to)]}
            allowClear={false}
            presets={presets}
            disabledDate={(day) => day.isAfter(dayjs(), 'day')}
            onChange={(days) => days?.[0] && days[1] && list.setFilters({ from: days[0].format(DAY), to: days[1].format(DAY) })}
          />
        </Space>
      </Flex>
      {range.data ? (
        <>
          <DayFigures figures={range.data.total} testId="range-figures" />
          <Flex vertical gap={16} style={{ marginTop: 16 }}>
            <DayChart
              title={t('dashboard.charts.money')}
              rows={rows}
              series={[
                { key: 'recharged', name: t('dashboard.figures.recharged'), color: COLORS.in },
                { key: 'withdrawn', name: t('dashboard.figures.withdrawn'), color: COLORS.out },
              ]}
            />
            <DayChart
              title={t('dashboard.charts.orders')}
              rows={rows}
              series={[
                { key: 'ordered', name: t('dashboard.figures.ordered'), color: COLORS.ordered },
                { key: 'paidOut', name: t('dashboard.figures.paidOut'), color: COLORS.paidOut },
              ]}
            />
            <DayChart
              title={t('dashboard.charts.house')}
              rows={rows}
              series={[{ key: 'houseResult', name: t('dashboard.figures.houseResult'), color: COLORS.house }]}
              redBelowZero
            />
          </Flex>
        </>
      ) : null}
    </Page>
  );
}
