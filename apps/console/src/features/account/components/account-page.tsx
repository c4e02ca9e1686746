import { Alert, Card, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../../api/me';
import { useSession } from '../../../api/session';
import { DateTime } from '../../../components/date-time';
import { Page } from '../../../components/page';
import { PasswordForm } from './password-form';
import { TotpSetup } from './totp-setup';

/** The signed-in operator's own account: password and sign-in codes. */
export function AccountPage() {
  const { t } = useTranslation();
  const session = useSession();
  const { me, unavailable } = useMe();
  return (
    <Page title={t('menu.account')}>
      <Card size="small" style={{ marginBottom: 16 }}>
        <Descriptions size="small" column={3}>
          <Descriptions.Item label={t('operators.username')}>{me?.username ?? session?.username}</Descriptions.Item>
          <Descriptions.Item label={t('operators.role')}>
            <Tag color="blue">{t(`roles.${me?.role ?? session?.role ?? 'support'}`)}</Tag>
          </Descriptions.Item>
          {me ? (
            <Descriptions.Item label={t('records.createdAt')}>
              <DateTime value={me.createdAt} />
            </Descriptions.Item>
          ) : null}
        </Descriptions>
      </Card>
      <PasswordForm />
      {unavailable ? <Alert type="warning" showIcon title={t('account.totpUnavailable')} /> : <TotpSetup enabled={me?.totpEnabled ?? false} />}
    </Page>
  );
}
