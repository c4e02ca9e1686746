import { saveSettings } from '@wallet/contract';
import { Alert, App, Button, Card, Form } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { contractProblems } from '../../../components/contract-check';
import { formatAmount , withCurrency } from '../../../components/number-format';
import { useCurrencySymbol } from '../../../api/currency';
import { setFieldMessages, showFieldErrors } from '../../../components/field-errors';
import { useSaveSettings } from '../api/settings-calls';
import type { SettingsBody } from './settings-types';

interface SettingsCardProps {
  title: string;
  /** The settings this card saves, each replaced whole; the others stay as they are. */
  initialValues: SettingsBody;
  children: ReactNode;
  testId: string;
}

/** One group of settings with its own save button, checked with the contract's schema before it is sent. */
export function SettingsCard({ title, initialValues, children, testId }: SettingsCardProps) {
  const { t } = useTranslation();
  const currencySymbol = useCurrencySymbol();
  const { message } = App.useApp();
  const [form] = Form.useForm<SettingsBody>();
  const save = useSaveSettings();

  function submit(body: SettingsBody) {
    const problems = contractProblems(saveSettings.body, body);
    if (Object.keys(problems).length > 0) return setFieldMessages(form, problems);
    save.mutate(body, {
      // A higher approval threshold waits for a second admin: say so, or the operator takes it as in force.
      onSuccess: ({ thresholdRaise }) =>
        void (thresholdRaise ? message.info(t('settings.thresholdProposed', { amount: withCurrency(formatAmount(thresholdRaise.amount), currencySymbol), current: withCurrency(formatAmount(thresholdRaise.current), currencySymbol) }), 6) : message.success(t('settings.saved'))),
      onError: (error) => showFieldErrors(form, error),
    });
  }

  return (
    <Card title={title} size="small" style={{ marginBottom: 16 }} data-testid={testId}>
      <Form form={form} layout="vertical" initialValues={initialValues} onFinish={submit} disabled={save.isPending}>
        {save.error ? <Alert type="error" showIcon title={save.error.message} style={{ marginBottom: 16 }} /> : null}
        {children}
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('actions.save')}
        </Button>
      </Form>
    </Card>
  );
}
