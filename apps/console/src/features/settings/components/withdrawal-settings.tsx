import { Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { SettingsCard } from './settings-card';
import type { Settings } from './settings-types';

export function WithdrawalSettings({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  return (
    <SettingsCard testId="settings-withdrawal" title={t('settings.withdrawal')} initialValues={{ withdrawal: settings.withdrawal }}>
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item name={['withdrawal', 'minAmount']} label={t('settings.minAmount')}>
            <Input inputMode="decimal" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name={['withdrawal', 'maxAmount']} label={t('settings.maxAmount')}>
            <Input inputMode="decimal" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name={['withdrawal', 'feeRate']} label={t('settings.feeRate')} extra={t('settings.feeRateHint')}>
            <Input inputMode="decimal" />
          </Form.Item>
        </Col>
      </Row>
    </SettingsCard>
  );
}
