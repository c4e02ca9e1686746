import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gamePeriodQuery, type GameProject, type PeriodNow } from '../api/game-queries';
import { assetsQuery } from '../../money';
import { DelayedSpinner } from '../../../components/delayed-spinner';
import { MAX_SELECTIONS, clampQuantity, emptySlip, slipCost, toggleOption } from '../model/bet-slip';
import { confirmView } from '../model/order-confirm';
import { periodPhase, periodRefetchDelayMs, type PhaseNow } from '../model/period-phase';
import { useServerClock } from './use-server-clock';
import { LoadFailed } from '../../../components/load-failed';
import { showToast } from '../../../components/toast';
import { DrawNotification } from './draw-notification';
import { LastResults } from './last-results';
import { OptionBoard } from './option-board';
import { PeriodCard } from './period-card';
import { QuantityBox } from './quantity-box';
import { SlipBar } from './slip-bar';
import { useDrawResult } from './use-draw-result';
import { useOrderConfirm } from './use-order-confirm';

// The sheet (with its animation library) is downloaded on the first order, not with the page.
const ConfirmSheet = lazy(() => import('./confirm-sheet'));

/** Asks for the period again at its draw (by the server's clock), and every second while a due result has not come. */
const refetchAtDraw = (period: PeriodNow | undefined) => (period ? periodRefetchDelayMs(period, Date.now() + period.clockOffsetMs) : false);

const ORDER_LABELS: Record<PhaseNow['phase'], string> = {
  upcoming: 'game.slip.notOpen',
  open: 'game.slip.order',
  locked: 'game.slip.waiting',
  drawing: 'game.slip.waiting',
};

/** One project's game: the period and its countdown, the last results, the options, the slip and the order. */
export function ProjectGame({ project }: { project: GameProject }) {
  const { t } = useTranslation();
  const range = { min: project.minQuantity, max: project.maxQuantity };
  const [slip, setSlip] = useState(() => emptySlip(range));
  // A placed order empties the slip; its quantity stays for the next one.
  const confirm = useOrderConfirm(project, () => setSlip((current) => ({ ...current, options: [] })));
  const periodQuery = useQuery({ ...gamePeriodQuery(project.id), refetchInterval: (query) => refetchAtDraw(query.state.data) });
  const { data: assets } = useQuery(assetsQuery);
  const period = periodQuery.data;
  const serverNow = useServerClock(period?.clockOffsetMs ?? 0);
  const draw = useDrawResult(project.id, period?.recent[0]);

  if (!period) return periodQuery.error ? <LoadFailed error={periodQuery.error} retry={() => void periodQuery.refetch()} /> : <DelayedSpinner />;

  const now = periodPhase(period, serverNow);
  const open = now.phase === 'open';
  const cost = slipCost(slip, project.unitAmount, assets?.balance);
  // The sheet shows the order pinned when it opened; only the balance it is measured against moves.
  const sheet = confirm.current?.shown ? confirm.current : undefined;
  const sheetCost = sheet && slipCost(sheet.pin.slip, sheet.pin.unitAmount, assets?.balance);
  const toggle = (code: string) => {
    const next = toggleOption(slip, code);
    if (next.full) showToast(t('game.slip.full', { max: MAX_SELECTIONS }));
    setSlip(next.slip);
  };

  return (
    <>
      <PeriodCard projectId={project.id} period={period} now={now} />
      <LastResults recent={period.recent} rolling={draw.rolling} outcome={draw.outcome} />
      <OptionBoard options={project.options} selected={slip.options} onToggle={toggle} />
      <SlipBar
        count={slip.options.length}
        onClear={() => setSlip({ ...slip, options: [] })}
        quantity={<QuantityBox value={slip.quantity} range={range} onChange={(quantity) => setSlip({ ...slip, quantity: clampQuantity(quantity, range) })} />}
        cost={cost}
        balance={assets?.balance}
        action={{
          label: t(slip.options.length === 0 && open ? 'game.slip.choose' : ORDER_LABELS[now.phase]),
          disabled: !open || slip.options.length === 0,
          onClick: () => confirm.open(period.periodNo, slip),
        }}
      />
      {sheet && sheetCost && (
        <Suspense fallback={null}>
          <ConfirmSheet
            projectName={project.name}
            confirm={sheet}
            view={confirmView(sheet, { periodNo: period.periodNo, open }, sheetCost.shortCents)}
            cost={sheetCost}
            balance={assets?.balance}
            pending={confirm.pending}
            onSubmit={confirm.submit}
            onNewPeriod={confirm.pinOnPeriod}
            onClose={confirm.close}
          />
        </Suspense>
      )}
      {draw.notification && <DrawNotification key={draw.notification.periodNo} periodNo={draw.notification.periodNo} outcome={draw.notification.outcome} onClose={draw.notification.close} />}
    </>
  );
}
