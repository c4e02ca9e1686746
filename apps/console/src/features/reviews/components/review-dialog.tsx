import { reviewRecharge } from '@wallet/contract';
import { Alert, Form, Input, Modal } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { contractProblems } from '../../../components/contract-check';

export interface ReviewDecision {
  approve: boolean;
  remark: string;
}

interface ReviewDialogProps {
  orderNo: string;
  /** Approving or refusing: chosen by the button that opened the dialog. */
  approve: boolean;
  /** What the operator is about to approve or refuse, to read once more. */
  summary: ReactNode;
  /** True while the review is on its way: the confirm button stays disabled, so nobody reviews twice. */
  pending: boolean;
  onConfirm: (decision: ReviewDecision) => void;
  onClose: () => void;
}

/** The remark's problem by the contract's own rule (a refusal needs one; recharges and withdrawals share it), before anything is sent. */
const remarkProblem = (orderNo: string, decision: ReviewDecision) => contractProblems(reviewRecharge.body, { orderNo, ...decision })['remark'];

/** Confirms an approval or a refusal of a recharge or withdrawal, with the remark the user will read. */
export function ReviewDialog({ orderNo, approve, summary, pending, onConfirm, onClose }: ReviewDialogProps) {
  const { t } = useTranslation();
  const [remark, setRemark] = useState('');
  const [problem, setProblem] = useState<string>();

  function confirm() {
    if (pending) return;
    const decision = { approve, remark };
    const found = remarkProblem(orderNo, decision);
    setProblem(found);
    if (!found) onConfirm(decision);
  }

  return (
    <Modal
      open
      title={t(approve ? 'review.approveTitle' : 'review.refuseTitle', { orderNo })}
      okText={t(approve ? 'review.approve' : 'review.refuse')}
      okButtonProps={{ danger: !approve, disabled: pending, loading: pending }}
      cancelButtonProps={{ disabled: pending }}
      onOk={confirm}
      onCancel={() => !pending && onClose()}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <div style={{ marginBottom: 16 }}>{summary}</div>
      {!approve ? <Alert type="warning" showIcon title={t('review.refuseNote')} style={{ marginBottom: 16 }} /> : null}
      <Form layout="vertical">
        <Form.Item
          label={t(approve ? 'review.remarkOptional' : 'review.remark')}
          required={!approve}
          validateStatus={problem ? 'error' : undefined}
          help={problem}
        >
          <Input.TextArea
            aria-label={t('review.remark')}
            value={remark}
            maxLength={200}
            showCount
            rows={3}
            onChange={(event) => {
              setRemark(event.target.value);
              setProblem(undefined);
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
