import { SafetyCertificateOutlined } from '@ant-design/icons';
import { OPERATOR_CALLS } from '@wallet/contract/core';
import { Button, Card, Col, Result, Row, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../../api/use-call';
import { DateTime } from '../../../components/date-time';
import { Figure } from '../../../components/figure';
import { Page } from '../../../components/page';

/** Proves the ledger on demand: it reads every transfer, so it runs only when asked. */
export function LedgerPage() {
  const { t } = useTranslation();
  const verify = useCallMutation(OPERATOR_CALLS.verifyLedger);
  const report = verify.data;

  return (
    <Page
      title={t('menu.ledger')}
      extra={
        <Button type="primary" icon={<SafetyCertificateOutlined />} loading={verify.isPending} onClick={() => verify.mutate({})} data-testid="ledger-verify">
          {t('ledger.run')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('ledger.explain')}</Typography.Paragraph>
      {report ? (
        <Card data-testid="ledger-report">
          <Result
            status={report.ok ? 'success' : 'error'}
            title={t(report.ok ? 'ledger.ok' : 'ledger.problems', { count: report.problems.length })}
            subTitle={verify.submittedAt ? <DateTime value={verify.submittedAt} /> : null}
          />
          <Row gutter={16} style={{ marginBottom: 16 }}>
            <Col span={8}>
              <Figure title={t('ledger.transfers')} value={report.transfers} />
            </Col>
            <Col span={8}>
              <Figure title={t('ledger.accounts')} value={report.accounts} />
            </Col>
            <Col span={8}>
              <Figure title={t('ledger.entries')} value={report.entries} />
            </Col>
          </Row>
          {report.problems.length > 0 ? (
            <Table
              size="small"
              rowKey={(problem) => `${problem.check}:${problem.subject}`}
              dataSource={report.problems}
              columns={[
                { title: t('ledger.check'), dataIndex: 'check' },
                { title: t('ledger.subject'), dataIndex: 'subject' },
                { title: t('ledger.detail'), dataIndex: 'detail' },
              ]}
            />
          ) : null}
        </Card>
      ) : null}
    </Page>
  );
}
