import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, CONSOLE_LANGUAGES, type ConsoleLanguage } from '../i18n';

const NAMES: Record<ConsoleLanguage, string> = { en: 'English', 'zh-CN': '简体中文' };

export function LanguageSwitch() {
  const { i18n } = useTranslation();
  return (
    <Segmented<ConsoleLanguage>
      size="small"
      value={i18n.language as ConsoleLanguage}
      options={CONSOLE_LANGUAGES.map((language) => ({ value: language, label: NAMES[language] }))}
      onChange={(language) => void changeLanguage(language)}
    />
  );
}
