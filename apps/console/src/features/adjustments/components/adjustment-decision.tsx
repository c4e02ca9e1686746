import { rejectAdjustment, rejectThresholdRaise } from '@wallet/contract';
import { App, Button, Form, Input, Modal, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contractProblems } from '../../../components/contract-check';
import { useApproveAdjustment, useApproveThresholdRaise, useRejectAdjustment, useRejectThresholdRaise } from '../api/adjustment-calls';

/** What waits for a second pair of eyes, its calls and where its texts are: an adjustment, or a raise of the approval threshold. */
const PROPOSALS = {
  adjustment: { useApprove: useApproveAdjustment, useReject: useRejectAdjustment, rejectBody: rejectAdjustment.body, texts: 'adjustments' },
  thresholdRaise: { useApprove: useApproveThresholdRaise, useReject: useRejectThresholdRaise, rejectBody: rejectThresholdRaise.body, texts: 'thresholdRaises' },
} as const;

/** Approve (moves the money, or raises the threshold, once) or reject with a remark; the proposer cannot do either (the server says so). */
export function AdjustmentDecision({ id, proposal = 'adjustment' }: { id: string; proposal?: keyof typeof PROPOSALS }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const calls = PROPOSALS[proposal];
  const approve = calls.useApprove();
  const reject = calls.useReject();
  const [rejecting, setRejecting] = useState(false);
  const [remark, setRemark] = useState('');
  const [problem, setProblem] = useState<string>();
  const busy = approve.isPending || reject.isPending;

  function confirmReject() {
    if (busy) return;
    const found = contractProblems(calls.rejectBody, { id, remark })['remark'];
    setProblem(found);
    if (found) return;
    reject.mutate(
      { id, remark },
      {
        onSuccess: () => {
          setRejecting(false);
          void message.success(t(`${calls.texts}.rejected`));
        },
      },
    );
  }

  return (
    <Space>
      <Popconfirm
        title={t(`${calls.texts}.approveConfirm`)}
        okText={t('adjustments.approve')}
        onConfirm={() =>
          approve
            .mutateAsync({ id })
            .then(() => void message.success(t(`${calls.texts}.approved`)))
            .catch(() => undefined)
        }
      >
        <Button size="small" type="primary" disabled={busy} loading={approve.isPending}>
          {t('adjustments.approve')}
        </Button>
      </Popconfirm>
      <Button size="small" danger disabled={busy} onClick={() => setRejecting(true)}>
        {t('adjustments.reject')}
      </Button>
      <Modal
        open={rejecting}
        title={t(`${calls.texts}.rejectTitle`)}
        okText={t('adjustments.reject')}
        okButtonProps={{ danger: true, disabled: busy, loading: reject.isPending }}
        onOk={confirmReject}
        onCancel={() => !busy && setRejecting(false)}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label={t('review.remark')} required validateStatus={problem ? 'error' : undefined} help={problem}>
            <Input.TextArea aria-label={t('review.remark')} rows={3} maxLength={200} showCount value={remark} onChange={(event) => setRemark(event.target.value)} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
