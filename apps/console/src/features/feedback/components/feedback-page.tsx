import type { OPERATOR_CALLS } from '@wallet/contract/core';
import { Descriptions, Image, Segmented, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ItemOf } from '../../../api/call-types';
import { AgeText } from '../../../components/age-text';
import { DateTime } from '../../../components/date-time';
import { Page } from '../../../components/page';
import { PagedTable } from '../../../components/paged-table';
import { useListParams } from '../../../components/use-list-params';
import { UserLink } from '../../../components/user-link';
import { useFeedback } from '../api/feedback-calls';
import { ReplyForm } from './reply-form';

type Feedback = ItemOf<typeof OPERATOR_CALLS.feedback>;

const FILTERS = ['answered'] as const;
const DEFAULTS = { answered: 'false' };
const ALL = 'all';

function FeedbackDetail({ feedback }: { feedback: Feedback }) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" style={{ width: '100%', maxWidth: 900 }}>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{feedback.content}</Typography.Paragraph>
      {feedback.images.length > 0 ? (
        <Image.PreviewGroup>
          <Space>
            {feedback.images.map((url) => (
              <Image key={url} src={url} width={80} height={80} style={{ objectFit: 'cover' }} alt="" />
            ))}
          </Space>
        </Image.PreviewGroup>
      ) : null}
      {feedback.reply ? (
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label={t('feedback.answer')}>
            {feedback.reply} — {feedback.repliedBy} <DateTime value={feedback.repliedAt} />
          </Descriptions.Item>
        </Descriptions>
      ) : null}
      <ReplyForm id={feedback.id} reply={feedback.reply} />
    </Space>
  );
}

export function FeedbackPage() {
  const { t } = useTranslation();
  const list = useListParams(FILTERS, DEFAULTS);
  const answered = list.filters.answered ?? ALL;
  const query = useFeedback({ page: list.page, pageSize: list.pageSize, ...(answered === ALL ? {} : { answered: answered === 'true' }) });

  const columns: TableColumnsType<Feedback> = [
    { title: t('records.user'), render: (_, f) => <UserLink userId={f.userId} username={f.username} /> },
    { title: t('feedback.email'), dataIndex: 'email' },
    { title: t('feedback.content'), dataIndex: 'content', ellipsis: true, width: 360 },
    { title: t('records.createdAt'), dataIndex: 'createdAt', render: (value: number) => <DateTime value={value} /> },
    { title: t('records.age'), render: (_, f) => (f.reply ? null : <AgeText since={f.createdAt} />) },
    { title: t('records.status'), render: (_, f) => (f.reply ? <Tag color="green">{t('feedback.answeredTag')}</Tag> : <Tag color="orange">{t('feedback.waiting')}</Tag>) },
  ];

  return (
    <Page title={t('menu.feedback')}>
      <Segmented
        style={{ marginBottom: 16 }}
        value={answered}
        options={[
          { value: 'false', label: t('feedback.unanswered') },
          { value: 'true', label: t('feedback.answered') },
          { value: ALL, label: t('status.all') },
        ]}
        onChange={(value) => list.setFilters({ answered: value })}
      />
      <PagedTable
        query={query}
        columns={columns}
        rowKey="id"
        list={list}
        testId="feedback"
        expandable={{ expandedRowRender: (feedback) => <FeedbackDetail feedback={feedback} />, expandRowByClick: true }}
      />
    </Page>
  );
}
