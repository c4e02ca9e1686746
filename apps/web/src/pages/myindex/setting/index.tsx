import List from 'antd-mobile/es/components/list';
import { APP_VERSION } from '@wallet/contract/core';
import { useTranslation } from 'react-i18next';
import { LanguagePicker } from '../../../components/language-picker';

export default function SettingPage() {
  const { t } = useTranslation();
  return (
    <List className="app-section">
      <LanguagePicker />
      <List.Item extra={APP_VERSION.version}>{t('settings.version')}</List.Item>
    </List>
  );
}
