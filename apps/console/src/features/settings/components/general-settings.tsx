import { LANGUAGES, LANGUAGE_NAMES } from '@wallet/contract/core';
import { Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { SettingsCard } from './settings-card';
import type { Settings } from './settings-types';

export function GeneralSettings({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const { displayName, defaultLang, adjustApprovalThreshold, requireTotp, rechargeExpiryHours, currency } = settings;
  return (
    <SettingsCard
      testId="settings-general"
      title={t('settings.general')}
      initialValues={{ displayName, defaultLang, adjustApprovalThreshold, requireTotp, rechargeExpiryHours, currency }}
    >
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item name="displayName" label={t('settings.displayName')} extra={t('settings.displayNameHint')}>
            <Input maxLength={40} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="defaultLang" label={t('settings.defaultLang')}>
            <Select options={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="rechargeExpiryHours" label={t('settings.rechargeExpiryHours')}>
            <InputNumber min={1} max={720} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="adjustApprovalThreshold" label={t('settings.adjustApprovalThreshold')} extra={t('settings.adjustApprovalHint')}>
            <Input inputMode="decimal" />
          </Form.Item>
        </Col>
        <Col span={4}>
          <Form.Item name={['currency', 'code']} label={t('settings.currencyCode')} extra={t('settings.currencyCodeHint')}>
            <Input maxLength={3} style={{ textTransform: 'uppercase' }} />
          </Form.Item>
        </Col>
        <Col span={4}>
          <Form.Item name={['currency', 'symbol']} label={t('settings.currencySymbol')} extra={t('settings.currencySymbolHint')}>
            <Input maxLength={8} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="requireTotp" label={t('settings.requireTotp')} valuePropName="checked" extra={t('settings.requireTotpHint')}>
            <Switch />
          </Form.Item>
        </Col>
      </Row>
    </SettingsCard>
  );
}
