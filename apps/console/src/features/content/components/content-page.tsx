import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { CONTENT_KINDS, LANGUAGE_NAMES, type Language } from '@wallet/contract/core';
import { Button, Drawer, Popconfirm, Segmented, Space, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/date-time';
import { Page } from '../../../components/page';
import { PagedTable } from '../../../components/paged-table';
import { useListParams } from '../../../components/use-list-params';
import { useContentList, useDeleteContent } from '../api/content-calls';
import { ContentEditor } from './content-editor';
import type { ContentItem } from './content-types';

const FILTERS = ['kind'] as const;
const ALL = 'all';

export function ContentPage() {
  const { t } = useTranslation();
  const list = useListParams(FILTERS);
  const kind = (list.filters.kind ?? ALL) as ContentItem['kind'] | typeof ALL;
  const query = useContentList({ page: list.page, pageSize: list.pageSize, ...(kind === ALL ? {} : { kind }) });
  const remove = useDeleteContent();
  const [editing, setEditing] = useState<ContentItem | 'new' | null>(null);

  const columns: TableColumnsType<ContentItem> = [
    { title: t('content.titleField'), dataIndex: 'title' },
    { title: t('content.kind'), dataIndex: 'kind', render: (value: string) => <Tag>{t(`content.kinds.${value}`)}</Tag> },
    {
      title: t('content.languages'),
      dataIndex: 'translations',
      render: (translations: ContentItem['translations']) => (Object.keys(translations) as Language[]).map((code) => LANGUAGE_NAMES[code]).join(', ') || '–',
    },
    {
      title: t('content.flags'),
      render: (_, item) => (
        <>
          {item.pinned ? <Tag color="gold">{t('content.pinned')}</Tag> : null}
          {item.ticker ? <Tag color="cyan">{t('content.ticker')}</Tag> : null}
        </>
      ),
    },
    { title: t('content.sort'), dataIndex: 'sort', align: 'right' },
    { title: t('content.publishAt'), dataIndex: 'publishAt', render: (value: number) => <DateTime value={value} /> },
    { title: t('content.expiresAt'), dataIndex: 'expiresAt', render: (value: number | null) => <DateTime value={value} /> },
    {
      title: t('records.actions'),
      render: (_, item) => (
        <Space>
          <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(item)}>
            {t('actions.edit')}
          </Button>
          {item.kind !== 'agreement' ? (
            <Popconfirm title={t('content.deleteConfirm')} okButtonProps={{ danger: true }} onConfirm={() => remove.mutateAsync({ id: item.id }).catch(() => undefined)}>
              <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('actions.delete')} />
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Page title={t('menu.content')} extra={<Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>{t('content.new')}</Button>}>
      <Segmented
        style={{ marginBottom: 16 }}
        value={kind}
        options={[{ value: ALL, label: t('status.all') }, ...CONTENT_KINDS.map((value) => ({ value, label: t(`content.kinds.${value}`) }))]}
        onChange={(value) => list.setFilters({ kind: value === ALL ? undefined : value })}
      />
      <PagedTable query={query} columns={columns} rowKey="id" list={list} testId="content" />
      <Drawer
        open={editing !== null}
        width={1200}
        title={editing === 'new' ? t('content.new') : t('content.editTitle', { title: editing?.title })}
        onClose={() => setEditing(null)}
        destroyOnHidden
      >
        {editing !== null ? <ContentEditor item={editing === 'new' ? null : editing} kind={kind === ALL ? 'notice' : kind} onSaved={setEditing} /> : null}
      </Drawer>
    </Page>
  );
}
