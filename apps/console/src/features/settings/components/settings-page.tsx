import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { QueryError } from '../../../components/query-error';
import { useSettings } from '../api/settings-calls';
import { ChannelSettings } from './channel-settings';
import { GeneralSettings } from './general-settings';
import { CustomerServiceSettings } from './customer-service-settings';
import { ReleaseSettings } from './release-settings';
import { WithdrawalSettings } from './withdrawal-settings';

export function SettingsPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const data = settings.data;
  return (
    <Page title={t('menu.settings')}>
      <QueryError error={settings.error} onRetry={settings.refetch} />
      {data ? (
        <>
          <GeneralSettings settings={data} />
          <ChannelSettings settings={data} />
          <WithdrawalSettings settings={data} />
          <CustomerServiceSettings settings={data} />
          <ReleaseSettings settings={data} />
        </>
      ) : (
        <Spin spinning={settings.isLoading} />
      )}
    </Page>
  );
}
