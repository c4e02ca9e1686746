import { saveContent } from '@wallet/contract';
import { CONTENT_KINDS, LANGUAGES, LANGUAGE_NAMES, type Language } from '@wallet/contract/core';
import { CheckOutlined } from '@ant-design/icons';
import { Alert, App, Button, Col, DatePicker, Form, Input, InputNumber, Row, Select, Space, Switch, Tabs } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contractProblems } from '../../../components/contract-check';
import { setFieldMessages, showFieldErrors } from '../../../components/field-errors';
import { ImageUpload } from '../../../components/image-upload';
import { useSaveContent } from '../api/content-calls';
import { ContentPreview } from './content-preview';
import type { ContentBody, ContentItem } from './content-types';

interface Text {
  title?: string;
  content?: string;
}

interface ContentFields extends Required<Text> {
  kind: ContentItem['kind'];
  cover: string | null;
  link: string;
  publishAt: Dayjs | null;
  expiresAt: Dayjs | null;
  pinned: boolean;
  ticker: boolean;
  sort: number;
  translations: Partial<Record<Language, Text>>;
}

function fieldsOf(item: ContentItem | null, kind: ContentItem['kind']): Partial<ContentFields> {
  if (!item) return { kind, pinned: false, ticker: false, sort: 0, publishAt: null, expiresAt: null, cover: null, link: '', translations: {} };
  return {
    ...item,
    link: item.link ?? '',
    publishAt: dayjs(item.publishAt),
    expiresAt: item.expiresAt === null ? null : dayjs(item.expiresAt),
    translations: item.translations,
  };
}

/** Languages whose title or text was typed; a language left empty shows the default text. */
function typedTranslations(translations: ContentFields['translations'] = {}): ContentBody['translations'] {
  const typed: NonNullable<ContentBody['translations']> = {};
  for (const [language, text] of Object.entries(translations) as [Language, Text | undefined][]) {
    if (text?.title?.trim() || text?.content?.trim()) typed[language] = { title: text.title ?? '', content: text.content ?? '' };
  }
  return typed;
}

function bodyOf(fields: ContentFields, id: string | undefined): ContentBody {
  return {
    ...(id ? { id } : {}),
    kind: fields.kind,
    title: fields.title ?? '',
    content: fields.content ?? '',
    cover: fields.cover ?? null,
    link: fields.link?.trim() ? fields.link.trim() : null,
    publishAt: fields.publishAt ? fields.publishAt.valueOf() : null,
    expiresAt: fields.expiresAt ? fields.expiresAt.valueOf() : null,
    pinned: fields.pinned,
    ticker: fields.ticker,
    sort: fields.sort ?? 0,
    translations: typedTranslations(fields.translations),
  };
}

function TextFields({ prefix }: { prefix: (string | number)[] }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name={[...prefix, 'title']} label={t('content.titleField')}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name={[...prefix, 'content']} label={t('content.html')} extra={t('content.htmlHint')}>
        <Input.TextArea rows={10} style={{ fontFamily: 'monospace' }} />
      </Form.Item>
    </>
  );
}

/** Writes a notice, activity, banner, about page or agreement with its translations; the preview shows it as saved. */
export function ContentEditor({ item, kind, onSaved }: { item: ContentItem | null; kind: ContentItem['kind']; onSaved: (item: ContentItem) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ContentFields>();
  const save = useSaveContent();
  const [saved, setSaved] = useState<ContentItem | null>(item);
  const typed = typedTranslations(Form.useWatch('translations', form)) ?? {};

  function submit(fields: ContentFields) {
    const body = bodyOf(fields, saved?.id);
    const problems = contractProblems(saveContent.body, body);
    if (Object.keys(problems).length > 0) return setFieldMessages(form, problems);
    save.mutate(body, {
      onSuccess: (answer) => {
        setSaved(answer);
        onSaved(answer);
        void message.success(t('content.saved'));
      },
      onError: (error) => showFieldErrors(form, error),
    });
  }

  const languageTabs = [
    { key: 'default', label: t('content.defaultText'), forceRender: true, children: <TextFields prefix={[]} /> },
    ...LANGUAGES.map((language) => ({
      key: language,
      label: typed[language] ? <Space size={4}>{LANGUAGE_NAMES[language]}<CheckOutlined /></Space> : LANGUAGE_NAMES[language],
      forceRender: true,
      children: <TextFields prefix={['translations', language]} />,
    })),
  ];

  return (
    <Row gutter={24}>
      <Col span={14}>
        <Form form={form} layout="vertical" initialValues={fieldsOf(item, kind)} onFinish={submit} disabled={save.isPending}>
          {save.error ? <Alert type="error" showIcon title={save.error.message} style={{ marginBottom: 16 }} /> : null}
          <Row gutter={16}>
            <Col span={8}>
              <Form.Item name="kind" label={t('content.kind')}>
                <Select disabled={saved !== null} options={CONTENT_KINDS.map((value) => ({ value, label: t(`content.kinds.${value}`) }))} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="publishAt" label={t('content.publishAt')} extra={t('content.publishHint')}>
                <DatePicker showTime style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="expiresAt" label={t('content.expiresAt')}>
                <DatePicker showTime style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="pinned" label={t('content.pinned')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="ticker" label={t('content.ticker')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="sort" label={t('content.sort')} extra={t('content.sortHint')}>
                <InputNumber style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="cover" label={t('content.cover')}>
            <ImageUpload />
          </Form.Item>
          <Form.Item name="link" label={t('content.link')} extra={t('content.linkHint')}>
            <Input placeholder="#/pages/notice/activity" />
          </Form.Item>
          {/* One tab a language, listed down the side: fourteen languages do not fit across. */}
          <Tabs id="content-texts" items={languageTabs} size="small" tabPlacement="start" style={{ marginBottom: 16 }} />
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="content-save">
            {t(saved ? 'actions.save' : 'content.publish')}
          </Button>
        </Form>
      </Col>
      <Col span={10}>
        <ContentPreview item={saved} />
      </Col>
    </Row>
  );
}
