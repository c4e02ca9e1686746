import { saveOperator } from '@wallet/contract';
import { OPERATOR_ROLES, type OPERATOR_CALLS } from '@wallet/contract/core';
import { Alert, Button, Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BodyOf, ItemOf } from '../../../api/call-types';
import { contractProblems } from '../../../components/contract-check';
import { setFieldMessages, showFieldErrors } from '../../../components/field-errors';
import { useSaveOperator } from '../api/operator-calls';

type Operator = ItemOf<typeof OPERATOR_CALLS.operators>;
type OperatorBody = BodyOf<typeof OPERATOR_CALLS.saveOperator>;

/** Creates an operator (a password is needed) or changes one's role, password or access. */
export function OperatorForm({ operator, onSaved }: { operator: Operator | null; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<OperatorBody>();
  const save = useSaveOperator();

  function submit(fields: OperatorBody) {
    const body: OperatorBody = {
      ...(operator ? { id: operator.id } : {}),
      username: fields.username ?? '',
      role: fields.role,
      disabled: fields.disabled ?? false,
      ...(fields.password ? { password: fields.password } : {}),
    };
    const problems = contractProblems(saveOperator.body, body);
    if (Object.keys(problems).length > 0) return setFieldMessages(form, problems);
    save.mutate(body, { onSuccess: onSaved, onError: (error) => showFieldErrors(form, error) });
  }

  return (
    <Form form={form} layout="vertical" onFinish={submit} disabled={save.isPending} initialValues={operator ?? { role: 'support', disabled: false }}>
      {save.error ? <Alert type="error" showIcon title={save.error.message} style={{ marginBottom: 16 }} /> : null}
      <Form.Item name="username" label={t('operators.username')}>
        <Input disabled={operator !== null} autoComplete="off" />
      </Form.Item>
      <Form.Item name="role" label={t('operators.role')} extra={t('operators.roleHint')}>
        <Select options={OPERATOR_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))} />
      </Form.Item>
      <Form.Item name="password" label={t(operator ? 'operators.newPassword' : 'operators.password')} extra={t('operators.passwordHint')}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      {operator ? (
        <Form.Item name="disabled" label={t('operators.disabled')} valuePropName="checked" extra={t('operators.disabledHint')}>
          <Switch />
        </Form.Item>
      ) : null}
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('actions.save')}
      </Button>
    </Form>
  );
}
