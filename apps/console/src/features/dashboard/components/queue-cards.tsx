import type { OPERATOR_CALLS, OperatorCallPath } from '@wallet/contract/core';
import { Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ResultOf } from '../../../api/call-types';
import { AgeText } from '../../../components/age-text';
import { Figure } from '../../../components/figure';
import { useMayCall } from '../../../components/use-may-call';
import { PATHS, withQuery } from '../../../navigation/paths';

type Queues = ResultOf<typeof OPERATOR_CALLS.dashboard>['queues'];

const QUEUES: { key: keyof Queues; to: string; call: OperatorCallPath }[] = [
  { key: 'recharges', to: withQuery(PATHS.recharges, { status: 'review' }), call: '/admin/api/recharges' },
  { key: 'withdrawals', to: withQuery(PATHS.withdrawals, { status: 'review' }), call: '/admin/api/withdrawals' },
  { key: 'adjustments', to: PATHS.adjustments, call: '/admin/api/adjustments/pending' },
  { key: 'feedback', to: withQuery(PATHS.feedback, { answered: 'false' }), call: '/admin/api/feedback' },
];

/** What waits now, and for how long the oldest has waited. */
export function QueueCards({ queues }: { queues: Queues }) {
  const { t } = useTranslation();
  const mayCall = useMayCall();
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {QUEUES.map(({ key, to, call }) => (
        <Col key={key} xs={12} xl={6}>
          <Card size="small" data-testid={`queue-${key}`}>
            <Figure title={t(`dashboard.queues.${key}`)} value={queues[key].count} />
            <Typography.Text type="secondary">
              {t('dashboard.oldest')} <AgeText since={queues[key].oldestAt} />
            </Typography.Text>
            {mayCall(call) ? (
              <div>
                <Link to={to}>{t('dashboard.open')}</Link>
              </div>
            ) : null}
          </Card>
        </Col>
      ))}
    </Row>
  );
}
