import { Col, Form, Input, InputNumber, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { SettingsCard } from './settings-card';
import type { Settings } from './settings-types';

/** The newest app version, where to download it, and who must update. */
export function ReleaseSettings({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const field = (name: keyof Settings['release']) => ['release', name];
  return (
    <SettingsCard testId="settings-release" title={t('settings.release')} initialValues={{ release: settings.release }}>
      <Row gutter={16}>
        <Col span={6}>
          <Form.Item name={field('version')} label={t('settings.version')}>
            <Input placeholder="1.0.0" />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name={field('versionCode')} label={t('settings.versionCode')}>
            <InputNumber min={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name={field('minVersionCode')} label={t('settings.minVersionCode')}>
            <InputNumber min={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name={field('force')} label={t('settings.force')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name={field('androidUrl')} label={t('settings.androidUrl')}>
            <Input />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name={field('iosUrl')} label={t('settings.iosUrl')}>
            <Input />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name={field('updateUrl')} label={t('settings.updateUrl')} extra={t('settings.updateUrlHint')}>
            <Input />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name={field('notes')} label={t('settings.notes')}>
            <Input.TextArea rows={3} maxLength={2000} />
          </Form.Item>
        </Col>
      </Row>
    </SettingsCard>
  );
}
