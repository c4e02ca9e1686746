import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { KEFU_KINDS } from '@wallet/contract';
import { Button, Flex, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { SettingsCard } from './settings-card';
import type { Settings } from './settings-types';

/** Customer service contacts the app lists. */
export function CustomerServiceSettings({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  return (
    <SettingsCard testId="settings-kefu" title={t('settings.kefu')} initialValues={{ kefu: settings.kefu }}>
      <Form.List name="kefu">
        {(rows, { add, remove }) => (
          <>
            {rows.map(({ key, name }) => (
              <Flex key={key} gap={8} align="start">
                <Form.Item name={[name, 'name']} style={{ flex: 2 }}>
                  <Input placeholder={t('settings.kefuName')} />
                </Form.Item>
                <Form.Item name={[name, 'kind']} style={{ flex: 1 }}>
                  <Select options={KEFU_KINDS.map((kind) => ({ value: kind, label: t(`settings.kefuKinds.${kind}`) }))} />
                </Form.Item>
                <Form.Item name={[name, 'value']} style={{ flex: 3 }}>
                  <Input placeholder={t('settings.kefuValue')} />
                </Form.Item>
                <Form.Item name={[name, 'hours']} style={{ flex: 2 }}>
                  <Input placeholder={t('settings.kefuHours')} />
                </Form.Item>
                <Button type="text" icon={<MinusCircleOutlined />} aria-label={t('actions.remove')} onClick={() => remove(name)} />
              </Flex>
            ))}
            <Form.Item>
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: '', kind: 'link', value: '', hours: '' })}>
                {t('settings.addContact')}
              </Button>
            </Form.Item>
          </>
        )}
      </Form.List>
    </SettingsCard>
  );
}
