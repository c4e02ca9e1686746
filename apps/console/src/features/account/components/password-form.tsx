import { changeOperatorPassword } from '@wallet/contract';
import { Alert, App, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { contractProblems } from '../../../components/contract-check';
import { setFieldMessages, showFieldErrors } from '../../../components/field-errors';
import { useChangePassword } from '../api/account-calls';

interface PasswordFields {
  oldPassword: string;
  newPassword: string;
  repeat: string;
}

/** Changes the operator's own password; every other session of theirs ends. */
export function PasswordForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordFields>();
  const change = useChangePassword();

  function submit({ oldPassword = '', newPassword = '', repeat }: PasswordFields) {
    const body = { oldPassword, newPassword };
    const problems = contractProblems(changeOperatorPassword.body, body);
    if (newPassword !== repeat) problems['repeat'] = t('account.passwordsDiffer');
    if (Object.keys(problems).length > 0) return setFieldMessages(form, problems);
    change.mutate(body, {
      onSuccess: () => {
        form.resetFields();
        void message.success(t('account.passwordChanged'));
      },
      onError: (error) => showFieldErrors(form, error),
    });
  }

  return (
    <Card title={t('account.password')} size="small" style={{ marginBottom: 16 }}>
      <Form form={form} layout="vertical" onFinish={submit} disabled={change.isPending} style={{ maxWidth: 420 }}>
        {change.error ? <Alert type="error" showIcon title={change.error.message} style={{ marginBottom: 16 }} /> : null}
        <Form.Item name="oldPassword" label={t('account.oldPassword')}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="newPassword" label={t('account.newPassword')} extra={t('operators.passwordHint')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="repeat" label={t('account.repeatPassword')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          {t('account.changePassword')}
        </Button>
      </Form>
    </Card>
  );
}
