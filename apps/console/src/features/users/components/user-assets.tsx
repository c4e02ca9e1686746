import type { OPERATOR_CALLS } from '@wallet/contract/core';
import { Card, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResultOf } from '../../../api/call-types';
import { Figure } from '../../../components/figure';

type Assets = ResultOf<typeof OPERATOR_CALLS.userDetail>['assets'];

/** The user's money as the app shows it to them. */
export function UserAssets({ assets }: { assets: Assets }) {
  const { t } = useTranslation();
  const figures: [string, string | number][] = [
    ['balance', assets.balance],
    ['freeze', assets.freeze],
    ['coin', assets.coin],
    ['recharged', assets.totals.recharged],
    ['withdrawn', assets.totals.withdrawn],
    ['ordered', assets.totals.ordered],
    ['profit', assets.totals.profit],
  ];
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {figures.map(([key, value]) => (
        <Col key={key} xs={12} md={6} xl={3}>
          <Card size="small">
            <Figure title={t(`assets.${key}`)} value={value} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
