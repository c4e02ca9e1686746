import { OPERATOR_CALLS } from '@wallet/contract/core';
import { Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ItemOf } from '../../../api/call-types';
import { useCallQuery } from '../../../api/use-call';
import { DateTime } from '../../../components/date-time';
import { Page } from '../../../components/page';
import { PagedTable } from '../../../components/paged-table';
import { useListParams } from '../../../components/use-list-params';

type Message = ItemOf<typeof OPERATOR_CALLS.outbox>;

const NO_FILTERS = [] as const;

/** Codes and messages kept because no SMTP server or SMS provider is set. */
export function OutboxPage() {
  const { t } = useTranslation();
  const list = useListParams(NO_FILTERS);
  const query = useCallQuery(OPERATOR_CALLS.outbox, { page: list.page, pageSize: list.pageSize });
  const columns: TableColumnsType<Message> = [
    { title: t('records.createdAt'), dataIndex: 'createdAt', render: (value: number) => <DateTime value={value} /> },
    { title: t('outbox.channel'), dataIndex: 'channel', render: (channel: string) => <Tag>{t(`outbox.channels.${channel}`)}</Tag> },
    { title: t('outbox.target'), dataIndex: 'target' },
    { title: t('outbox.subject'), dataIndex: 'subject' },
    { title: t('outbox.body'), dataIndex: 'body', render: (body: string) => <Typography.Paragraph style={{ margin: 0, maxWidth: 560 }}>{body}</Typography.Paragraph> },
  ];
  return (
    <Page title={t('menu.outbox')}>
      <PagedTable query={query} columns={columns} rowKey="id" list={list} testId="outbox" />
    </Page>
  );
}
