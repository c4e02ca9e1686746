import CheckList from 'antd-mobile/es/components/check-list';
import Popup from 'antd-mobile/es/components/popup';
import { LANGUAGES, LANGUAGE_NAMES, type Language } from '@wallet/contract/core';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../api/query-client';
import { chooseLanguage } from '../i18n/language';

interface Props {
  current: Language;
  onClose: () => void;
  /** After the app switched: e.g. to save the choice to the account. */
  onChosen?: ((language: Language) => void) | undefined;
}

export default function LanguageSheet({ current, onClose, onChosen }: Props) {
  const { t } = useTranslation();
  const choose = async (language: Language) => {
    onClose();
    await chooseLanguage(language);
    // What the server words or names in the reader's language (notices, project names) is read again in the new one.
    void queryClient.invalidateQueries();
    onChosen?.(language);
  };
  return (
    <Popup visible onMaskClick={onClose} bodyClassName="app-language-popup">
      <h2 className="app-popup-title">{t('language.choose')}</h2>
      <CheckList value={[current]} onChange={(values) => values[0] && void choose(values[0] as Language)}>
        {LANGUAGES.map((code) => (
          <CheckList.Item key={code} value={code} data-testid={`language-${code}`}>
            <span lang={code} dir="auto">
              {LANGUAGE_NAMES[code]}
            </span>
          </CheckList.Item>
        ))}
      </CheckList>
    </Popup>
  );
}
