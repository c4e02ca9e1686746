import { OPERATOR_CALLS } from '@wallet/contract/core';
import { DatePicker, Input, Select, Space, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ItemOf } from '../../../api/call-types';
import { useCallQuery } from '../../../api/use-call';
import { DateTime } from '../../../components/date-time';
import { ExportButton } from '../../../components/export-button';
import { Page } from '../../../components/page';
import { PagedTable } from '../../../components/paged-table';
import { useListParams } from '../../../components/use-list-params';
import { useAllOperators } from '../../operators';

type Entry = ItemOf<typeof OPERATOR_CALLS.audit>;

const FILTERS = ['operatorId', 'action', 'from', 'to'] as const;
const DAY = 'YYYY-MM-DD';

const json = (value: unknown) => (value === null || value === undefined ? '–' : JSON.stringify(value, null, 2));

function Change({ entry }: { entry: Entry }) {
  const { t } = useTranslation();
  const block = { margin: 0, maxHeight: 320, overflow: 'auto', fontSize: 12, background: '#fafafa', padding: 8, borderRadius: 4 };
  return (
    <Space align="start" style={{ width: '100%' }}>
      <div style={{ minWidth: 360 }}>
        <Typography.Text strong>{t('audit.before')}</Typography.Text>
        <pre style={block}>{json(entry.before)}</pre>
      </div>
      <div style={{ minWidth: 360 }}>
        <Typography.Text strong>{t('audit.after')}</Typography.Text>
        <pre style={block}>{json(entry.after)}</pre>
      </div>
    </Space>
  );
}

/** Every operator write: who, what, before, after, when. */
export function AuditPage() {
  const { t } = useTranslation();
  const list = useListParams(FILTERS);
  const { operatorId, action, from, to } = list.filters;
  const query = useCallQuery(OPERATOR_CALLS.audit, { page: list.page, pageSize: list.pageSize, operatorId, action, from, to });
  const columns: TableColumnsType<Entry> = [
    { title: t('records.createdAt'), dataIndex: 'createdAt', render: (value: number) => <DateTime value={value} /> },
    { title: t('audit.operator'), dataIndex: 'operator' },
    { title: t('audit.action'), dataIndex: 'action', render: (value: string) => <Typography.Text code>{value}</Typography.Text> },
    { title: t('audit.target'), dataIndex: 'target' },
  ];
  const operators = useAllOperators();
  return (
    // The export is the list as filtered: its operator, action and days.
    <Page title={t('menu.audit')} extra={<ExportButton kind="audit" filters={{ operatorId, action }} days={{ from, to }} />}>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 220 }}
          placeholder={t('audit.operatorAll')}
          aria-label={t('audit.operator')}
          value={operatorId}
          loading={operators.isLoading}
          options={(operators.data ?? []).map((operator) => ({ value: operator.id, label: operator.username }))}
          onChange={(id?: string) => list.setFilters({ operatorId: id })}
        />
        <Input.Search
          allowClear
          key={action ?? ''}
          defaultValue={action}
          placeholder={t('audit.action')}
          style={{ width: 220 }}
          onSearch={(value) => list.setFilters({ action: value.trim() || undefined })}
        />
        <DatePicker.RangePicker
          value={from && to ? [dayjs(from), dayjs(to)] : null}
          onChange={(days) => list.setFilters({ from: days?.[0]?.format(DAY), to: days?.[1]?.format(DAY) })}
        />
      </Space>
      <PagedTable query={query} columns={columns} rowKey="id" list={list} testId="audit" expandable={{ expandedRowRender: (entry) => <Change entry={entry} /> }} />
    </Page>
  );
}
