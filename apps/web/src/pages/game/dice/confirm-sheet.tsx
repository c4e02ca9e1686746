import Button from 'antd-mobile/es/components/button';
import Popup from 'antd-mobile/es/components/popup';
import { formatMoney } from '@wallet/contract/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/api-error';
import type { OrderFields, PlacedOrders } from '../../../api/game-mutations';
import type { GameProject } from '../../../api/game-queries';
import { RecordLine, RecordLines } from '../../../components/list/record-card';
import { selectionsOf, type Slip, type SlipCost } from '../../../components/game/bet-slip';
import { optionLabel } from '../../../components/game/option-label';
import { Money } from '../../../components/money/money-text';
import { showToast } from '../../../components/toast';
import { useGuardedAction } from '../../../components/use-guarded-action';
import { PATHS } from '../../../routes/paths';

interface Props {
  project: GameProject;
  periodNo: string;
  /** Orders are taken only while the period is open (server time before its lock). */
  open: boolean;
  slip: Slip;
  cost: SlipCost;
  balance: string | undefined;
  /** The page's order call: it keeps one request id per confirm across tries, also when the sheet is closed between them. */
  place: (fields: OrderFields) => Promise<PlacedOrders>;
  onPlaced: () => void;
  onClose: () => void;
}

/** The bottom sheet before an order: each selection with its odds and amount, the total, and the balance after it. */
export default function ConfirmSheet({ project, periodNo, open, slip, cost, balance, place, onPlaced, onClose }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<ApiError>();
  const oddsOf = (code: string) => project.options.find((option) => option.code === code)?.odds;
  const each = formatMoney(cost.totalCents / Math.max(1, slip.options.length));

  const confirm = useGuardedAction(async () => {
    setFailure(undefined);
    try {
      await place({ projectId: project.id, periodNo, selections: selectionsOf(slip) });
    } catch (error) {
      if (error instanceof ApiError && error.status !== 401) setFailure(error);
      throw error;
    }
    showToast(t('game.confirm.placed'));
    onPlaced();
  });

  const short = cost.shortCents > 0 || failure?.reason === 'INSUFFICIENT_BALANCE';
  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} showCloseButton bodyClassName="app-sheet" data-testid="confirm-sheet">
      <h2 className="app-popup-title">{t('game.confirm.title')}</h2>
      <div className="app-confirm">
        <p className="app-confirm-period">
          <bdi>{project.name}</bdi>
          <span>
            {t('game.period')} <bdi data-testid="confirm-period">{periodNo}</bdi>
          </span>
        </p>
        <ul className="app-confirm-selections" aria-label={t('game.confirm.selections')}>
          {slip.options.map((code) => (
            <li key={code} className="app-confirm-selection" data-testid="confirm-selection">
              <span className="app-confirm-option">{optionLabel(code, t)}</span>
              <bdi dir="ltr" className="app-confirm-odds">
                ×{oddsOf(code)}
              </bdi>
              <Money value={each} />
            </li>
          ))}
        </ul>
        <RecordLines>
          <RecordLine label={t('game.confirm.quantityEach')}>
            <bdi data-testid="confirm-quantity">{slip.quantity}</bdi>
          </RecordLine>
          <RecordLine label={t('game.confirm.unitAmount')}>
            <Money value={project.unitAmount} />
          </RecordLine>
          <RecordLine label={t('game.confirm.total')}>
            <Money value={cost.total} className="app-confirm-total" testId="confirm-total" />
          </RecordLine>
          {balance !== undefined && (
            <RecordLine label={t('game.confirm.balance')}>
              <Money value={balance} testId="confirm-balance" />
            </RecordLine>
          )}
          {cost.balanceAfter !== undefined && cost.shortCents === 0 && (
            <RecordLine label={t('game.confirm.balanceAfter')}>
              <Money value={cost.balanceAfter} testId="confirm-balance-after" />
            </RecordLine>
          )}
        </RecordLines>
        {!open && (
          <p className="app-money-note app-money-note-warn" role="status" data-testid="confirm-closed">
            {t('game.confirm.closed')}
          </p>
        )}
        {failure && (
          <p className="app-money-note app-money-note-danger" role="alert" data-testid="confirm-failure">
            {failure.mess}
          </p>
        )}
        {short && (
          <div className="app-money-note app-money-note-warn app-confirm-short" data-testid="confirm-short">
            {cost.shortCents > 0 && <p>{t('game.confirm.short', { amount: formatMoney(cost.shortCents) })}</p>}
            <Button size="small" color="primary" fill="outline" onClick={() => void navigate(PATHS.recharge)} data-testid="confirm-recharge">
              {t('game.confirm.recharge')}
            </Button>
          </div>
        )}
        <Button
          block
          color="primary"
          size="large"
          loading={confirm.pending}
          disabled={confirm.pending || !open || cost.shortCents > 0 || slip.options.length === 0}
          onClick={() => confirm.run()}
          data-testid="confirm-order"
        >
          {t('game.confirm.submit')} · <bdi dir="ltr">{cost.total}</bdi>
        </Button>
      </div>
    </Popup>
  );
}
