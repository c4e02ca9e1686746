import { Card, Col, Descriptions, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrencySymbol } from '../../../api/currency';
import { useNow } from '../../../components/use-now';
import { BreakTags } from './break-tags';
import { ProtectionChanges } from './protection-changes';
import { ProtectionLimits } from './protection-limits';
import { breakText, realityCheckText, type PlayerProtection, type ProtectionChange } from './protection-words';

/** The user's player protection as they set it in the app; operators read it and have no call that changes it. */
export function UserProtection({ protection, changes }: { protection: PlayerProtection; changes: ProtectionChange[] }) {
  const { t } = useTranslation();
  const symbol = useCurrencySymbol();
  const now = useNow();
  const words = { t, symbol };
  return (
    <Card size="small" title={t('protection.title')} extra={<BreakTags protection={protection} />} style={{ marginBottom: 16 }} data-testid="user-protection">
      <Row gutter={[24, 16]}>
        <Col xs={24} xl={14}>
          <ProtectionLimits protection={protection} />
        </Col>
        <Col xs={24} xl={10}>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('protection.realityCheck')}>{realityCheckText(protection.realityCheckMinutes, words)}</Descriptions.Item>
            <Descriptions.Item label={t('protection.timeout')}>{breakText(protection.timeoutUntil, now, words)}</Descriptions.Item>
            <Descriptions.Item label={t('protection.selfExclusion')}>{breakText(protection.selfExcludedUntil, now, words)}</Descriptions.Item>
          </Descriptions>
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 12 }}>
            {t('protection.readOnly')}
          </Typography.Paragraph>
        </Col>
        <Col span={24}>
          <Typography.Title level={2} style={{ fontSize: 14, margin: '0 0 8px' }}>
            {t('protection.changes')}
          </Typography.Title>
          <ProtectionChanges changes={changes} />
        </Col>
      </Row>
    </Card>
  );
}
