import Button from 'antd-mobile/es/components/button';
import Popup from 'antd-mobile/es/components/popup';
import { formatMoney } from '@wallet/contract/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RecordLine, RecordLines } from '../../../components/list/record-card';
import type { SlipCost } from '../model/bet-slip';
import { optionLabel } from '../model/option-label';
import type { ConfirmView, Confirming } from '../model/order-confirm';
import { Money } from '../../../components/money-text';
import { PATHS } from '../../../navigation/paths';

interface Props {
  projectName: string;
  /** The order pinned when the sheet opened, with what became of its last try. */
  confirm: Confirming;
  view: ConfirmView;
  /** The pinned order's cost against the balance now. */
  cost: SlipCost;
  balance: string | undefined;
  pending: boolean;
  onSubmit: () => void;
  onNewPeriod: (periodNo: string) => void;
  onClose: () => void;
}

/** The bottom sheet before an order: each selection with its odds and amount, the total, and the balance after it. */
export default function ConfirmSheet({ projectName, confirm: { pin, failure }, view, cost, balance, pending, onSubmit, onNewPeriod, onClose }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { periodNo } = pin.fields;
  const { offer } = view;
  const note = (tone: string, text: string, testId: string, role = 'status') => (
    <p className={`app-money-note app-money-note-${tone}`} role={role} data-testid={testId}>
      {text}
    </p>
  );

  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} showCloseButton bodyClassName="app-sheet" data-testid="confirm-sheet">
      <h2 className="app-popup-title">{t('game.confirm.title')}</h2>
      <div className="app-confirm">
        <p className="app-confirm-period">
          <bdi>{projectName}</bdi>
          <span>
            {t('game.period')} <bdi data-testid="confirm-period">{periodNo}</bdi>
          </span>
        </p>
        <ul className="app-confirm-selections" aria-label={t('game.confirm.selections')}>
          {pin.lines.map(({ code, odds, amount }) => (
            <li key={code} className="app-confirm-selection" data-testid="confirm-selection">
              <span className="app-confirm-option">{optionLabel(code, t)}</span>
              <bdi dir="ltr" className="app-confirm-odds">
                ×{odds}
              </bdi>
              <Money value={amount} />
            </li>
          ))}
        </ul>
        <RecordLines>
          <RecordLine label={t('game.confirm.quantityEach')}>
            <bdi data-testid="confirm-quantity">{pin.slip.quantity}</bdi>
          </RecordLine>
          <RecordLine label={t('game.confirm.unitAmount')}>
            <Money value={pin.unitAmount} />
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
        {view.movedTo !== undefined && note('warn', t('game.confirm.forPeriod', { periodNo }), 'confirm-moved')}
        {view.closed && note('warn', t('game.confirm.closed'), 'confirm-closed')}
        {failure && note('danger', failure.mess, 'confirm-failure', 'alert')}
        {view.short && (
          <div className="app-money-note app-money-note-warn app-confirm-short" data-testid="confirm-short">
            {cost.shortCents > 0 && <p>{t('game.confirm.short', { amount: formatMoney(cost.shortCents) })}</p>}
            <Button size="small" color="primary" fill="outline" onClick={() => void navigate(PATHS.recharge)} data-testid="confirm-recharge">
              {t('game.confirm.recharge')}
            </Button>
          </div>
        )}
        {offer === undefined ? (
          <Button block color="primary" size="large" loading={pending} disabled={pending || !view.canSubmit} onClick={onSubmit} data-testid="confirm-order">
            {t('game.confirm.submit')} · <bdi dir="ltr">{cost.total}</bdi>
          </Button>
        ) : (
          <Button block color="primary" fill="outline" size="large" onClick={() => onNewPeriod(offer)} data-testid="confirm-new-period">
            {t('game.confirm.newPeriod', { periodNo: offer })}
          </Button>
        )}
      </div>
    </Popup>
  );
}
