import { totpEnable } from '@wallet/contract';
import { Alert, App, Button, Card, Flex, Form, Input, Steps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contractProblems } from '../../../components/contract-check';
import { useTotpEnable, useTotpSetup } from '../api/account-calls';
import { QrCode } from './qr-code';

/** Turns on sign-in codes: a new secret as a QR code for an authenticator app, then one of its codes to prove it works. */
export function TotpSetup({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const setup = useTotpSetup();
  const enable = useTotpEnable();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string>();
  const secret = setup.data;

  function confirm() {
    const found = contractProblems(totpEnable.body, { code: code.trim() })['code'];
    setProblem(found);
    if (found) return;
    enable.mutate({ code: code.trim() }, { onSuccess: () => void message.success(t('account.totpEnabled')) });
  }

  if (enabled && !enable.isSuccess) {
    return (
      <Card title={t('account.totp')} size="small">
        <Alert type="success" showIcon title={t('account.totpOn')} description={t('account.totpOnNote')} />
      </Card>
    );
  }

  return (
    <Card title={t('account.totp')} size="small">
      {enable.isSuccess ? <Alert type="success" showIcon title={t('account.totpEnabled')} /> : null}
      {!enable.isSuccess ? (
        <>
          <Steps size="small" current={secret ? 1 : 0} items={[{ title: t('account.totpStep1') }, { title: t('account.totpStep2') }]} style={{ marginBottom: 16, maxWidth: 520 }} />
          {!secret ? (
            <Button type="primary" loading={setup.isPending} onClick={() => setup.mutate({})}>
              {t('account.totpStart')}
            </Button>
          ) : (
            <Flex gap={24} align="start" wrap>
              <QrCode text={secret.otpauthUrl} alt={t('account.totpQr')} />
              <Flex vertical gap={12} style={{ maxWidth: 440 }}>
                <Typography.Text>{t('account.totpScan')}</Typography.Text>
                <div>
                  <Typography.Text type="secondary">{t('account.totpSecret')}</Typography.Text>
                  <div>
                    <Typography.Text code copyable>
                      {secret.secret}
                    </Typography.Text>
                  </div>
                </div>
                <Form layout="vertical" onFinish={confirm} disabled={enable.isPending}>
                  <Form.Item label={t('account.totpCode')} htmlFor="totp-code" validateStatus={problem || enable.error ? 'error' : undefined} help={problem ?? enable.error?.message}>
                    <Input id="totp-code" value={code} onChange={(event) => setCode(event.target.value)} inputMode="numeric" autoComplete="one-time-code" maxLength={6} style={{ width: 160 }} />
                  </Form.Item>
                  <Button type="primary" htmlType="submit" loading={enable.isPending}>
                    {t('account.totpEnable')}
                  </Button>
                </Form>
              </Flex>
            </Flex>
          )}
        </>
      ) : null}
    </Card>
  );
}
