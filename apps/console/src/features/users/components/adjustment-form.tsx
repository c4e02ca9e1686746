import { ADJUSTABLE_ACCOUNTS, adjustUser } from '@wallet/contract';
import { Alert, Button, Form, Input, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { contractProblems } from '../../../components/contract-check';
import { setFieldMessages, showFieldErrors } from '../../../components/field-errors';
import { useAdjustUser } from '../api/user-calls';

interface AdjustmentFields {
  account: (typeof ADJUSTABLE_ACCOUNTS)[number];
  amount: string;
  reason: string;
}

/** One id per adjustment the operator means: a retry of the same fields is done once; changed fields are a new adjustment. */
const newRequestId = () => crypto.randomUUID();

/**
 * Adds to or takes from a user's balance or credit points. The contract's
 * schema checks the amount before sending; above the approval threshold the
 * answer is only a proposal, and the form says it waits for a second operator.
 */
export function AdjustmentForm({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AdjustmentFields>();
  const adjust = useAdjustUser();
  const [requestId, setRequestId] = useState(newRequestId);
  const answer = adjust.data;

  function submit(fields: AdjustmentFields) {
    const body = { userId, account: fields.account, amount: fields.amount?.trim() ?? '', reason: fields.reason ?? '', requestId };
    const problems = contractProblems(adjustUser.body, body);
    if (Object.keys(problems).length > 0) return setFieldMessages(form, problems);
    adjust.mutate(body, {
      onSuccess: () => {
        form.resetFields();
        setRequestId(newRequestId());
      },
      onError: (error) => showFieldErrors(form, error),
    });
  }

  return (
    <div style={{ maxWidth: 520 }}>
      {answer?.status === 'done' ? (
        <Alert data-testid="adjustment-result" type="success" showIcon style={{ marginBottom: 16 }} title={t('adjust.done', { amount: answer.amount, balance: answer.balance })} />
      ) : null}
      {answer?.status === 'proposed' ? (
        <Alert
          data-testid="adjustment-result"
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('adjust.proposed', { amount: answer.amount })}
          description={t('adjust.proposedNote')}
        />
      ) : null}
      {isApiError(adjust.error) ? <Alert type="error" showIcon style={{ marginBottom: 16 }} title={adjust.error.mess} /> : null}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ account: 'available' }}
        onFinish={submit}
        onValuesChange={() => setRequestId(newRequestId())}
        disabled={adjust.isPending}
      >
        <Form.Item name="account" label={t('adjust.account')}>
          <Radio.Group options={ADJUSTABLE_ACCOUNTS.map((account) => ({ value: account, label: t(`adjust.accounts.${account}`) }))} />
        </Form.Item>
        <Form.Item name="amount" label={t('adjust.amount')} extra={t('adjust.amountHint')}>
          <Input inputMode="decimal" placeholder="-5.00" />
        </Form.Item>
        <Form.Item name="reason" label={t('adjust.reason')} extra={t('adjust.reasonHint')}>
          <Input.TextArea rows={2} maxLength={200} showCount />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={adjust.isPending}>
          {t('adjust.submit')}
        </Button>
      </Form>
    </div>
  );
}
