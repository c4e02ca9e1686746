import { LANGUAGE_NAMES, type Language } from '@wallet/contract/core';
import { Card, Empty, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentItem } from './content-types';

const DEFAULT = 'default';

/**
 * The item as saved: the server cleans the HTML when it saves, so this shows
 * what users will read, not what was typed.
 */
export function ContentPreview({ item }: { item: ContentItem | null }) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<string>(DEFAULT);
  if (!item) return <Empty description={t('content.previewAfterSave')} />;
  const languages = Object.keys(item.translations) as Language[];
  const text = language === DEFAULT ? item : (item.translations[language as Language] ?? item);
  return (
    <Card size="small" title={t('content.preview')} data-testid="content-preview">
      {languages.length > 0 ? (
        <Segmented
          size="small"
          style={{ marginBottom: 12 }}
          value={language}
          onChange={setLanguage}
          options={[{ value: DEFAULT, label: t('content.defaultText') }, ...languages.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))]}
        />
      ) : null}
      {item.cover ? <img src={item.cover} alt="" style={{ width: '100%', maxHeight: 180, objectFit: 'cover', borderRadius: 6, marginBottom: 12 }} /> : null}
      <Typography.Title level={2} style={{ fontSize: 20 }}>
        {text.title}
      </Typography.Title>
      {/* Sanitised by the server on save (no script, style or event handler survives). */}
      <div className="content-html" dangerouslySetInnerHTML={{ __html: text.content }} />
    </Card>
  );
}
