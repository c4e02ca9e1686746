import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { CHANNEL_KINDS } from '@wallet/contract';
import { Button, Card, Col, Flex, Form, Input, Row, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SettingsCard } from './settings-card';
import type { Settings } from './settings-types';

type Channel = Settings['rechargeChannels'][number];

const NEW_CHANNEL: Channel = { id: '', name: '', kind: 'bank', details: [], minAmount: '10.00', maxAmount: '50000.00', randomDecimal: true, enabled: false };

/** One channel's payment details: each a line the payer copies. */
function ChannelDetails({ channel }: { channel: number }) {
  const { t } = useTranslation();
  return (
    <Form.List name={[channel, 'details']}>
      {(rows, { add, remove }) => (
        <>
          {rows.map(({ key, name }) => (
            <Flex key={key} gap={8} align="start">
              <Form.Item name={[name, 'label']} style={{ flex: 1 }}>
                <Input placeholder={t('settings.detailLabel')} />
              </Form.Item>
              <Form.Item name={[name, 'value']} style={{ flex: 2 }}>
                <Input placeholder={t('settings.detailValue')} />
              </Form.Item>
              <Button type="text" icon={<MinusCircleOutlined />} aria-label={t('actions.remove')} onClick={() => remove(name)} />
            </Flex>
          ))}
          <Button size="small" type="dashed" icon={<PlusOutlined />} onClick={() => add({ label: '', value: '' })}>
            {t('settings.addDetail')}
          </Button>
        </>
      )}
    </Form.List>
  );
}

/** Where users pay in; a channel without payment details cannot be enabled (users never see placeholders). */
export function ChannelSettings({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  return (
    <SettingsCard testId="settings-channels" title={t('settings.channels')} initialValues={{ rechargeChannels: settings.rechargeChannels }}>
      <Form.List name="rechargeChannels">
        {(channels, { add, remove }) => (
          <>
            {channels.map(({ key, name }) => (
              <Card
                key={key}
                size="small"
                style={{ marginBottom: 12 }}
                extra={<Button type="text" danger icon={<MinusCircleOutlined />} onClick={() => remove(name)}>{t('actions.remove')}</Button>}
              >
                <Row gutter={12}>
                  <Col span={5}>
                    <Form.Item name={[name, 'id']} label={t('settings.channelId')}>
                      <Input />
                    </Form.Item>
                  </Col>
                  <Col span={7}>
                    <Form.Item name={[name, 'name']} label={t('settings.channelName')}>
                      <Input />
                    </Form.Item>
                  </Col>
                  <Col span={4}>
                    <Form.Item name={[name, 'kind']} label={t('settings.channelKind')}>
                      <Select options={CHANNEL_KINDS.map((kind) => ({ value: kind, label: t(`settings.channelKinds.${kind}`) }))} />
                    </Form.Item>
                  </Col>
                  <Col span={4}>
                    <Form.Item name={[name, 'minAmount']} label={t('settings.minAmount')}>
                      <Input inputMode="decimal" />
                    </Form.Item>
                  </Col>
                  <Col span={4}>
                    <Form.Item name={[name, 'maxAmount']} label={t('settings.maxAmount')}>
                      <Input inputMode="decimal" />
                    </Form.Item>
                  </Col>
                  <Col span={6}>
                    <Form.Item name={[name, 'randomDecimal']} label={t('settings.randomDecimal')} valuePropName="checked">
                      <Switch />
                    </Form.Item>
                  </Col>
                  <Col span={6}>
                    <Form.Item name={[name, 'enabled']} label={t('settings.channelEnabled')} valuePropName="checked">
                      <Switch />
                    </Form.Item>
                  </Col>
                  <Col span={24}>
                    <Typography.Text strong>{t('settings.details')}</Typography.Text>
                    <ChannelDetails channel={name} />
                  </Col>
                </Row>
              </Card>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add(NEW_CHANNEL)} style={{ marginBottom: 16 }}>
              {t('settings.addChannel')}
            </Button>
          </>
        )}
      </Form.List>
    </SettingsCard>
  );
}
