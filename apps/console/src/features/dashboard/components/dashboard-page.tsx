import { DatePicker, Flex, Skeleton, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useServerTimeZone } from '../../../api/me';
import { centsOf } from '../../../components/number-format';
import { Page } from '../../../components/page';
import { QueryError } from '../../../components/query-error';
import { useServerToday } from '../../../components/server-today';
import { useListParams } from '../../../components/use-list-params';
import { LateDrawsAlert } from '../../game';
import { useDashboard } from '../api/dashboard-calls';
import { DayChart } from './day-chart';
import { DayFigures } from './day-figures';
import { QueueCards } from './queue-cards';

const DAY = 'YYYY-MM-DD';
const FILTERS = ['from', 'to'] as const;

const COLORS = { in: '#52c41a', out: '#fa8c16', ordered: '#1677ff', paidOut: '#722ed1', house: '#13c2c2' };

/** The server counts days in its own time zone: the page waits for it (from `me`) before asking for any day. */
export function DashboardPage() {
  const { t } = useTranslation();
  const timeZone = useServerTimeZone();
  const today = useServerToday();
  if (!timeZone || !today) {
    return (
      <Page title={t('menu.dashboard')}>
        <Skeleton active />
      </Page>
    );
  }
  return <Dashboard timeZone={timeZone} today={today} />;
}

function Dashboard({ timeZone, today }: { timeZone: string; today: string }) {
  const { t } = useTranslation();
  const list = useListParams(FILTERS);
  // The default range ends on the server's today, anew on every render: not the browser's day, not the day the page opened.
  const todayDay = dayjs(today);
  const from = list.filters.from ?? todayDay.subtract(13, 'day').format(DAY);
  const to = list.filters.to ?? today;
  const todays = useDashboard(today, today);
  const range = useDashboard(from, to);
  const rows = (range.data?.days ?? []).map((day) => ({
    date: day.date,
    recharged: centsOf(day.recharged),
    withdrawn: centsOf(day.withdrawn),
    ordered: centsOf(day.ordered),
    paidOut: centsOf(day.paidOut),
    houseResult: centsOf(day.houseResult),
  }));

  const presets = [
    { label: t('dashboard.last7'), value: [todayDay.subtract(6, 'day'), todayDay] as [Dayjs, Dayjs] },
    { label: t('dashboard.last30'), value: [todayDay.subtract(29, 'day'), todayDay] as [Dayjs, Dayjs] },
    { label: t('dashboard.thisMonth'), value: [todayDay.startOf('month'), todayDay] as [Dayjs, Dayjs] },
  ];

  return (
    <Page title={t('menu.dashboard')}>
      <QueryError error={todays.error ?? range.error} onRetry={() => Promise.all([todays.refetch(), range.refetch()])} />
      {todays.data && todays.data.lateDraws.length > 0 ? <LateDrawsAlert lateDraws={todays.data.lateDraws} linkToFairness style={{ marginBottom: 16 }} /> : null}
      {todays.data ? <QueueCards queues={todays.data.queues} /> : null}
      <Flex align="baseline" gap={8} wrap style={{ marginBottom: 8 }}>
        <Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>
          {t('dashboard.today')}
        </Typography.Title>
        <Typography.Text type="secondary" data-testid="today-date">
          {t('dashboard.dayIn', { date: today, zone: timeZone })}
        </Typography.Text>
      </Flex>
      {todays.data ? <DayFigures figures={todays.data.total} testId="today-figures" /> : null}
      <Flex justify="space-between" align="center" style={{ margin: '24px 0 12px' }} wrap gap={8}>
        <Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>
          {t('dashboard.range')}
        </Typography.Title>
        <Space>
          <Typography.Text type="secondary" data-testid="range-time-zone">
            {t('dashboard.timeZone', { zone: timeZone })}
          </Typography.Text>
          <DatePicker.RangePicker
            value={[dayjs(from), dayjs(to)]}
            allowClear={false}
            presets={presets}
            disabledDate={(day) => day.isAfter(todayDay, 'day')}
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
