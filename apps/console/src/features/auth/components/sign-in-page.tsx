import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { LanguageSwitch } from '../../../components/language-switch';
import { returnPath } from '../../../navigation/sign-in-return';
import { useSignIn } from '../api/session-calls';

interface SignInFields {
  username: string;
  password: string;
  totp?: string;
}

export function SignInPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<SignInFields>();
  const signIn = useSignIn();
  const navigate = useNavigate();
  const location = useLocation();
  const [needsTotp, setNeedsTotp] = useState(false);
  const failure = isApiError(signIn.error) ? signIn.error : null;

  useEffect(() => {
    document.title = `${t('signIn.title')} · ${t('app.name')}`;
  }, [t]);

  function submit(fields: SignInFields) {
    const totp = fields.totp?.trim();
    signIn.mutate(
      { username: fields.username, password: fields.password, ...(needsTotp && totp ? { totp } : {}) },
      {
        onSuccess: () => void navigate(returnPath(location.state), { replace: true }),
        onError: (error) => {
          if (isApiError(error) && error.reason.startsWith('TOTP_')) setNeedsTotp(true);
        },
      },
    );
  }

  return (
    <Flex component="main" justify="center" align="center" style={{ minHeight: '100vh', background: '#f0f2f5' }}>
      <Card style={{ width: 400 }} data-testid="sign-in">
        <Flex justify="space-between" align="center" style={{ marginBottom: 24 }}>
          <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
            {t('app.name')}
          </Typography.Title>
          <LanguageSwitch />
        </Flex>
        {failure && failure.reason !== 'TOTP_REQUIRED' ? <Alert type="error" showIcon title={failure.mess} style={{ marginBottom: 16 }} /> : null}
        {failure?.reason === 'TOTP_REQUIRED' ? <Alert type="info" showIcon title={t('signIn.totpNeeded')} style={{ marginBottom: 16 }} /> : null}
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} disabled={signIn.isPending}>
          <Form.Item name="username" label={t('signIn.username')} rules={[{ required: true, message: t('form.required') }]}>
            <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item name="password" label={t('signIn.password')} rules={[{ required: true, message: t('form.required') }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          {needsTotp ? (
            <Form.Item name="totp" label={t('signIn.totp')} rules={[{ required: true, pattern: /^\d{6}$/, message: t('signIn.totpRule') }]}>
              <Input prefix={<SafetyOutlined />} inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus />
            </Form.Item>
          ) : null}
          <Button type="primary" htmlType="submit" block loading={signIn.isPending}>
            {t('signIn.submit')}
          </Button>
        </Form>
      </Card>
    </Flex>
  );
}
