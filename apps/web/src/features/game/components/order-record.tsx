import { useTranslation } from 'react-i18next';
import type { GameOrder } from '../api/game-queries';
import { DiceRow } from './dice-face';
import { optionLabel } from '../model/option-label';
import { ProfitText } from './profit-text';
import { ThrowFacts } from './throw-facts';
import { RecordCard, RecordLine } from '../../../components/list/record-card';
import { Money } from '../../../components/money-text';
import '../void.css';

type OrderState = 'pending' | 'won' | 'lost' | 'voided';

function stateOf(order: GameOrder): OrderState {
  if (order.voided) return 'voided';
  if (!order.audited) return 'pending';
  return order.payout !== null && order.payout !== '0.00' ? 'won' : 'lost';
}

function OrderTag({ state }: { state: OrderState }) {
  const { t } = useTranslation();
  return (
    <span className={`app-status app-order-${state}`} data-testid="record-status">
      {t(`gamePages.records.${state}`)}
    </span>
  );
}

/** One order: what was chosen, for which period, at which odds, and once drawn the dice and the profit (or, its period void, the refund). */
export function OrderRecord({ order }: { order: GameOrder }) {
  const { t } = useTranslation();
  const state = stateOf(order);
  return (
    <RecordCard
      amount={order.amount}
      orderNo={order.orderNo}
      status={<OrderTag state={state} />}
      createdAt={order.createdAt}
      note={order.voided && <p className="app-void-note" data-testid="order-void-note">{t('game.void.orderRefunded')}</p>}
    >
      <RecordLine label={t('gamePages.records.project')}>
        <bdi>{order.projectName}</bdi>
      </RecordLine>
      <RecordLine label={t('gamePages.records.period')}>
        <bdi data-testid="order-period">{order.periodNo}</bdi>
      </RecordLine>
      <RecordLine label={t('gamePages.records.option')}>
        <span className="app-order-option" data-testid="order-option">
          {optionLabel(order.option, t)}
        </span>
      </RecordLine>
      <RecordLine label={t('gamePages.records.quantity')}>
        <bdi data-testid="order-quantity">{order.quantity}</bdi>
      </RecordLine>
      <RecordLine label={t('gamePages.records.odds')}>
        <bdi dir="ltr" data-testid="order-odds">
          {order.odds}
        </bdi>
      </RecordLine>
      {order.dice && (
        <RecordLine label={t('gamePages.records.dice')}>
          <DiceRow dice={order.dice} size="small" testId="order-dice" />
          <ThrowFacts dice={order.dice} />
        </RecordLine>
      )}
      {order.payout !== null && (
        <RecordLine label={t(order.voided ? 'gamePages.records.refunded' : 'gamePages.records.payout')}>
          <Money value={order.payout} testId="order-payout" />
        </RecordLine>
      )}
      {order.profit !== null && (
        <RecordLine label={t('gamePages.records.profit')}>
          <ProfitText profit={order.profit} className="app-order-profit" testId="order-profit" />
        </RecordLine>
      )}
    </RecordCard>
  );
}
