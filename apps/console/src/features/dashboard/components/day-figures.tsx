import type { OPERATOR_CALLS } from '@wallet/contract/core';
import { Card, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResultOf } from '../../../api/call-types';
import { Figure } from '../../../components/figure';

type Figures = ResultOf<typeof OPERATOR_CALLS.dashboard>['total'];

const SHOWN: (keyof Figures)[] = ['recharged', 'withdrawn', 'ordered', 'paidOut', 'houseResult', 'fees', 'newUsers', 'activeUsers'];

/** The sums of a span of days, one card each. */
export function DayFigures({ figures, testId }: { figures: Figures; testId: string }) {
  const { t } = useTranslation();
  return (
    <Row gutter={[12, 12]} data-testid={testId}>
      {SHOWN.map((key) => (
        <Col key={key} xs={12} md={6} xxl={3}>
          <Card size="small">
            <Figure title={t(`dashboard.figures.${key}`)} value={figures[key]} small />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
