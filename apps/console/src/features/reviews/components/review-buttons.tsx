import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { App, Button, Space } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ReviewDialog, type ReviewDecision } from './review-dialog';

interface ReviewButtonsProps {
  orderNo: string;
  summary: ReactNode;
  /** Sends the review; `done` closes the dialog once the server accepted it. */
  onReview: (decision: ReviewDecision, done: () => void) => void;
  pending: boolean;
}

/** Approve and refuse for one record under review; each opens the confirmation dialog. */
export function ReviewButtons({ orderNo, summary, onReview, pending }: ReviewButtonsProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [approving, setApproving] = useState<boolean | null>(null);

  function confirm(decision: ReviewDecision) {
    onReview(decision, () => {
      setApproving(null);
      void message.success(t(decision.approve ? 'review.approved' : 'review.refused', { orderNo }));
    });
  }

  return (
    <>
      <Space>
        <Button size="small" type="primary" icon={<CheckOutlined />} onClick={() => setApproving(true)} data-testid={`approve-${orderNo}`}>
          {t('review.approve')}
        </Button>
        <Button size="small" danger icon={<CloseOutlined />} onClick={() => setApproving(false)} data-testid={`refuse-${orderNo}`}>
          {t('review.refuse')}
        </Button>
      </Space>
      {approving !== null ? (
        <ReviewDialog orderNo={orderNo} approve={approving} summary={summary} pending={pending} onConfirm={confirm} onClose={() => setApproving(null)} />
      ) : null}
    </>
  );
}
