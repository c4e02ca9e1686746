import FrownOutline from 'antd-mobile-icons/es/FrownOutline';
import SmileFill from 'antd-mobile-icons/es/SmileFill';
import { useTranslation } from 'react-i18next';
import type { DrawOutcome } from '../model/draw-outcome';
import { ProfitText } from './profit-text';
import { SentenceWith } from '../../../components/sentence-with';
import { TopNotification } from '../../../components/top-notification';

interface Props {
  periodNo: string;
  outcome: DrawOutcome;
  onClose: () => void;
}

/** Won or not, after the dice of the user's period landed: the payout and the profit. */
export function DrawNotification({ periodNo, outcome, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <TopNotification
      tone={outcome.won ? 'good' : 'neutral'}
      icon={outcome.won ? <SmileFill /> : <FrownOutline />}
      title={outcome.won ? <SentenceWith i18nKey="game.result.won" name="payout" value={outcome.payout} /> : t('game.result.lost')}
      onClose={onClose}
      testId="draw-notification"
    >
      <span className="app-draw-notification-line">
        <span>{t('game.result.period', { periodNo })}</span>
        <span>
          {t('game.result.profit')} <ProfitText profit={outcome.profit} testId="notification-profit" />
        </span>
      </span>
    </TopNotification>
  );
}
