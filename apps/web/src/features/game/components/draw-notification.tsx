import FrownOutline from 'antd-mobile-icons/es/FrownOutline';
import SmileFill from 'antd-mobile-icons/es/SmileFill';
import { useTranslation } from 'react-i18next';
import type { DrawOutcome } from '../model/draw-outcome';
import { NetHeadline } from './net-headline';
import { TopNotification } from '../../../components/top-notification';
import { useAmountFormat } from '../../../components/use-currency';
import '../draw-notification.css';

interface Props {
  periodNo: string;
  outcome: DrawOutcome;
  onClose: () => void;
}

/** The result of the user's orders of a period just drawn: the net gain or loss (or, void, the refund), with what was ordered and what came back. */
export function DrawNotification({ periodNo, outcome, onClose }: Props) {
  const { t } = useTranslation();
  const format = useAmountFormat();
  return (
    <TopNotification
      tone={outcome.net === 'gain' ? 'good' : 'neutral'}
      icon={outcome.net === 'loss' ? <FrownOutline /> : <SmileFill />}
      title={<NetHeadline outcome={outcome} />}
      onClose={onClose}
      testId="draw-notification"
    >
      <span className="app-draw-notification-line">
        <span>{t('game.result.period', { periodNo })}</span>
        <span data-testid="notification-totals">
          {outcome.voided ? t('live.result.refunded', { amount: format(outcome.payout) }) : t('live.result.totals', { ordered: format(outcome.ordered), payout: format(outcome.payout) })}
        </span>
      </span>
    </TopNotification>
  );
}
