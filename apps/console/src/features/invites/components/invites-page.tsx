import { PlusOutlined } from '@ant-design/icons';
import { OPERATOR_CALLS } from '@wallet/contract/core';
import { Alert, Button, List, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../../api/use-call';
import { Page } from '../../../components/page';

/** Makes operator invitation codes: each lets one new user register without an inviting user. */
export function InvitesPage() {
  const { t } = useTranslation();
  const create = useCallMutation(OPERATOR_CALLS.createInvite);
  const [codes, setCodes] = useState<string[]>([]);

  return (
    <Page
      title={t('menu.invites')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} loading={create.isPending} onClick={() => create.mutate({}, { onSuccess: ({ code }) => setCodes((made) => [code, ...made]) })}>
          {t('invites.create')}
        </Button>
      }
    >
      <Alert type="info" showIcon title={t('invites.explain')} style={{ marginBottom: 16 }} />
      <List
        bordered
        data-testid="invite-codes"
        locale={{ emptyText: <Typography.Text type="secondary">{t('invites.none')}</Typography.Text> }}
        dataSource={codes}
        renderItem={(code) => (
          <List.Item>
            <Typography.Text copyable code style={{ fontSize: 18 }}>
              {code}
            </Typography.Text>
          </List.Item>
        )}
      />
    </Page>
  );
}
