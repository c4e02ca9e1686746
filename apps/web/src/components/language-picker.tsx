import List from 'antd-mobile/es/components/list';
import { LANGUAGE_NAMES, matchLanguage, type Language } from '@wallet/contract/core';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The sheet (with its animation library) is downloaded on the first tap, not with the page.
const LanguageSheet = lazy(() => import('./language-sheet'));

/** A list row showing the current language; tapping it opens the 14 languages in their own names. */
export function LanguagePicker({ onChosen }: { onChosen?: (language: Language) => void }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const current = matchLanguage(i18n.language) ?? 'en';

  return (
    <>
      <List.Item extra={LANGUAGE_NAMES[current]} onClick={() => setOpen(true)} data-testid="language-picker" arrowIcon>
        {t('language.label')}
      </List.Item>
      {open && (
        <Suspense fallback={null}>
          <LanguageSheet current={current} onClose={() => setOpen(false)} onChosen={onChosen} />
        </Suspense>
      )}
    </>
  );
}
