import { ADJUSTABLE_ACCOUNTS, adjustUser } from '@wallet/contract';
import { formatMoney, parseMoney } from '@wallet/contract/core';
import { Alert, Button, Descriptions, Form, Input, Modal, Radio, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { contractProblems } from '../../../components/contract-check';
import { setFieldMessages, showFieldErrors } from '../../../components/field-errors';
import { MoneyText } from '../../../components/money-text';
import { formatAmount, formatCount , withCurrency } from '../../../components/number-format';
import { useCurrencySymbol } from '../../../api/currency';
import { useAdjustUser } from '../api/user-calls';

interface AdjustmentFields {
  account: (typeof ADJUSTABLE_ACCOUNTS)[number];
  amount: string;
  reason: string;
}

/** What is sent, as the operator confirms it. */
interface Adjustment extends AdjustmentFields {
  userId: string;
  requestId: string;
}

/** One id per adjustment the operator means: a retry of the same fields is done once; changed fields are a new adjustment. */
const newRequestId = () => crypto.randomUUID();

/** The amount as it will move, with its sign: "+25.00", "-1,500.00"; credit points as whole numbers, "+5". */
function AmountToMove({ account, amount }: Adjustment) {
  const parsed = parseMoney(amount, { allowNegative: true });
  if (!parsed.ok) return <>{amount}</>;
  if (account === 'coin' && parsed.cents % 100 === 0) return <>{formatCount(parsed.cents / 100, true)}</>;
  return <MoneyText value={formatMoney(parsed.cents)} signed />;
}

/**
 * Adds to or takes from a user's balance or credit points. The contract's
 * schema checks the amount first; then the operator reads the adjustment
 * once more (user, account, signed amount, reason) and only confirming
 * sends it. Above the approval threshold the answer is only a proposal, and
 * the form says it waits for a second operator.
 */
export function AdjustmentForm({ userId, username }: { userId: string; username?: string }) {
  const { t } = useTranslation();
  const currencySymbol = useCurrencySymbol();
  const [form] = Form.useForm<AdjustmentFields>();
  const adjust = useAdjustUser();
  const [requestId, setRequestId] = useState(newRequestId);
  /** The adjustment waiting for the operator's confirmation; null while the form is being filled. */
  const [confirming, setConfirming] = useState<Adjustment | null>(null);
  /** Set from the confirming click until the answer: a second click before the button shows disabled sends nothing. */
  const sending = useRef(false);
  const answer = adjust.data;

  function check(fields: AdjustmentFields) {
    const body = { userId, account: fields.account, amount: fields.amount?.trim() ?? '', reason: fields.reason ?? '', requestId };
    const problems = contractProblems(adjustUser.body, body);
    if (Object.keys(problems).length > 0) return setFieldMessages(form, problems);
    setConfirming(body);
  }

  function send() {
    if (!confirming || sending.current || adjust.isPending) return;
    sending.current = true;
    adjust.mutate(confirming, {
      onSuccess: () => {
        form.resetFields();
        setRequestId(newRequestId());
      },
      onError: (error) => showFieldErrors(form, error),
      onSettled: () => {
        sending.current = false;
        setConfirming(null);
      },
    });
  }

  return (
    <div style={{ maxWidth: 520 }}>
      {answer?.status === 'done' ? (
        <Alert data-testid="adjustment-result" type="success" showIcon style={{ marginBottom: 16 }} title={t('adjust.done', { amount: withCurrency(formatAmount(answer.amount), currencySymbol), balance: formatAmount(answer.balance) })} />
      ) : null}
      {answer?.status === 'proposed' ? (
        <Alert
          data-testid="adjustment-result"
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('adjust.proposed', { amount: withCurrency(formatAmount(answer.amount), currencySymbol) })}
          description={t('adjust.proposedNote')}
        />
      ) : null}
      {isApiError(adjust.error) ? <Alert type="error" showIcon style={{ marginBottom: 16 }} title={adjust.error.mess} /> : null}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ account: 'available' }}
        onFinish={check}
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
      {confirming ? (
        <Modal
          open
          title={t('adjust.confirmTitle')}
          okText={t('adjust.confirm')}
          okButtonProps={{ disabled: adjust.isPending, loading: adjust.isPending, danger: confirming.amount.startsWith('-') }}
          cancelButtonProps={{ disabled: adjust.isPending }}
          onOk={send}
          onCancel={() => !adjust.isPending && setConfirming(null)}
          mask={{ closable: false }}
          destroyOnHidden
        >
          <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }} data-testid="adjustment-confirmation">
            <Descriptions.Item label={t('adjust.user')}>
              {username ? <Typography.Text strong>{username}</Typography.Text> : null} <Typography.Text type="secondary">{userId}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('adjust.account')}>{t(`adjust.accounts.${confirming.account}`)}</Descriptions.Item>
            <Descriptions.Item label={t('adjust.amount')}>
              <AmountToMove {...confirming} />
            </Descriptions.Item>
            <Descriptions.Item label={t('adjust.reason')}>{confirming.reason}</Descriptions.Item>
          </Descriptions>
          <Typography.Text type="secondary">{t('adjust.confirmNote')}</Typography.Text>
        </Modal>
      ) : null}
    </div>
  );
}
