import Button from 'antd-mobile/es/components/button';
import Popup from 'antd-mobile/es/components/popup';
import { formatMoney } from '@wallet/contract/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RecordLine, RecordLines } from '../../../components/list/record-lines';
import { slipCost, type SlipCost } from '../model/bet-slip';
import { CHASE_PERIODS, chasePeriodNos, type ChaseChoice } from '../model/chase-plan';
import { optionLabel } from '../model/option-label';
import type { ConfirmView, Confirming } from '../model/order-confirm';
import { formatCountdown } from '../model/period-phase';
import { Money } from '../../../components/money-text';
import { PATHS } from '../../../navigation/paths';
import { QuantityBox } from './quantity-box';
import { ToggleSwitch } from '../../../components/toggle-switch';
import { useAmountFormat } from '../../../components/use-currency';

interface Props {
  projectName: string;
  /** The order pinned when the sheet opened, with what became of its last try. */
  confirm: Confirming;
  view: ConfirmView;
  /** The pinned order's cost (over every period of its chase) against the balance now. */
  cost: SlipCost;
  balance: string | undefined;
  pending: boolean;
  /** Seconds until the order's period locks; undefined once it no longer takes orders. */
  secondsToLock: number | undefined;
  /** The order goes into the period after the one the page shows, which is locked. */
  isNextPeriod: boolean;
  /** Periods in a day, to name the periods a chase covers. */
  periodsPerDay: number;
  /** A refusal the page explains itself (by the player's own limit or break, with the way to change it), shown instead of the bare failure. */
  refusal: ReactNode;
  onChase: (change: Partial<ChaseChoice>) => void;
  onSubmit: () => void;
  onNewPeriod: (periodNo: string) => void;
  onClose: () => void;
}

function ChaseOption({ chase, periodNo, perPeriod, periodsPerDay, locked, onChase }: { chase: ChaseChoice; periodNo: string; perPeriod: string; periodsPerDay: number; locked: boolean; onChase: Props['onChase'] }) {
  const { t } = useTranslation();
  const covered = chasePeriodNos(periodNo, chase.periods, periodsPerDay);
  return (
    <section className="app-chase" aria-label={t('gamePages.chase.title')} data-testid="chase-option">
      <label className="app-chase-row">
        <span>{t('gamePages.chase.title')}</span>
        <ToggleSwitch checked={chase.on} disabled={locked} onChange={(on) => onChase({ on })} aria-label={t('gamePages.chase.title')} data-testid="chase-toggle" />
      </label>
      {chase.on && (
        <>
          <div className="app-chase-row">
            <span>{t('gamePages.chase.periods')}</span>
            <QuantityBox
              value={chase.periods}
              range={CHASE_PERIODS}
              onChange={(periods) => !locked && onChase({ periods })}
              labels={{ group: t('gamePages.chase.periodsRange', CHASE_PERIODS), input: t('gamePages.chase.periods') }}
              testIdPrefix="chase-periods"
            />
          </div>
          <label className="app-chase-row">
            <span>{t('gamePages.chase.stopOnWin')}</span>
            <ToggleSwitch checked={chase.stopOnWin} disabled={locked} onChange={(stopOnWin) => onChase({ stopOnWin })} aria-label={t('gamePages.chase.stopOnWin')} data-testid="chase-stop-on-win" />
          </label>
          <RecordLines>
            <RecordLine label={t('gamePages.chase.perPeriod')}>
              <Money value={perPeriod} testId="chase-per-period" />
            </RecordLine>
          </RecordLines>
          <p className="app-chase-covers" data-testid="chase-covers">
            {t('gamePages.chase.covers', { n: chase.periods, from: covered[0], to: covered.at(-1) })}
          </p>
        </>
      )}
    </section>
  );
}

/** The bottom sheet before an order: each selection with its odds and amount, the total, the balance after it, the time left, and the chase option. */
export default function ConfirmSheet(props: Props) {
  const { projectName, confirm, view, cost, balance, pending, secondsToLock, isNextPeriod, periodsPerDay, refusal, onChase, onSubmit, onNewPeriod, onClose } = props;
  const { pin, failure, chase, unanswered } = confirm;
  const { t } = useTranslation();
  const format = useAmountFormat();
  const navigate = useNavigate();
  const { periodNo } = pin.fields;
  const { offer } = view;
  const perPeriod = slipCost(pin.slip, pin.unitAmount, undefined).total;
  const note = (tone: string, text: string, testId: string, role = 'status') => (
    <p className={`app-money-note app-money-note-${tone}`} role={role} data-testid={testId}>
      {text}
    </p>
  );

  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} showCloseButton bodyClassName="app-sheet" data-testid="confirm-sheet">
      <h2 className="app-popup-title">{t('gamePages.confirm.title')}</h2>
      <div className="app-confirm">
        <p className="app-confirm-period">
          <bdi>{projectName}</bdi>
          <span>
            {t(chase.on ? 'gamePages.chase.from' : 'game.period')} <bdi data-testid="confirm-period">{periodNo}</bdi>
          </span>
        </p>
        {isNextPeriod && note('info', t('gamePages.confirm.nextPeriod', { periodNo }), 'confirm-next-period')}
        {secondsToLock !== undefined && (
          <p className="app-confirm-lock" data-testid="confirm-lock">
            {t('gamePages.confirm.locksIn')}{' '}
            <span className="app-confirm-countdown" role="timer" dir="ltr" data-testid="confirm-countdown">
              {formatCountdown(secondsToLock)}
            </span>
          </p>
        )}
        <ul className="app-confirm-selections" aria-label={t('gamePages.confirm.selections')}>
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
          <RecordLine label={t('gamePages.confirm.quantityEach')}>
            <bdi data-testid="confirm-quantity">{pin.slip.quantity}</bdi>
          </RecordLine>
          <RecordLine label={t('gamePages.confirm.unitAmount')}>
            <Money value={pin.unitAmount} />
          </RecordLine>
        </RecordLines>
        <ChaseOption chase={chase} periodNo={periodNo} perPeriod={perPeriod} periodsPerDay={periodsPerDay} locked={unanswered || pending} onChase={onChase} />
        <RecordLines>
          <RecordLine label={t(chase.on ? 'gamePages.chase.total' : 'gamePages.confirm.total')}>
            <Money value={cost.total} className="app-confirm-total" testId="confirm-total" />
          </RecordLine>
          {balance !== undefined && (
            <RecordLine label={t('gamePages.confirm.balance')}>
              <Money value={balance} testId="confirm-balance" />
            </RecordLine>
          )}
          {cost.balanceAfter !== undefined && cost.shortCents === 0 && (
            <RecordLine label={t('gamePages.confirm.balanceAfter')}>
              <Money value={cost.balanceAfter} testId="confirm-balance-after" />
            </RecordLine>
          )}
        </RecordLines>
        {/* A try awaiting its answer stays on its period whatever runs now; else the closed note and the offer say it. */}
        {unanswered && view.movedTo !== undefined && note('warn', t('gamePages.confirm.forPeriod', { periodNo }), 'confirm-moved')}
        {view.closed && note('warn', t('gamePages.confirm.closed'), 'confirm-closed')}
        {failure && (refusal ?? note('danger', failure.mess, 'confirm-failure', 'alert'))}
        {view.short && (
          <div className="app-money-note app-money-note-warn app-confirm-short" data-testid="confirm-short">
            {cost.shortCents > 0 && <p>{t('gamePages.confirm.short', { amount: format(formatMoney(cost.shortCents)) })}</p>}
            <Button size="small" color="primary" fill="outline" onClick={() => void navigate(PATHS.recharge)} data-testid="confirm-recharge">
              {t('gamePages.confirm.recharge')}
            </Button>
          </div>
        )}
        {offer === undefined ? (
          <Button block color="primary" size="large" loading={pending} disabled={pending || !view.canSubmit} onClick={onSubmit} data-testid="confirm-order">
            {t(chase.on ? 'gamePages.chase.submit' : 'gamePages.confirm.submit')} · <Money value={cost.total} />
          </Button>
        ) : (
          <Button block color="primary" fill="outline" size="large" onClick={() => onNewPeriod(offer)} data-testid="confirm-new-period">
            {t('gamePages.confirm.newPeriod', { periodNo: offer })}
          </Button>
        )}
      </div>
    </Popup>
  );
}
