import Button from 'antd-mobile/es/components/button';
import { useQuery } from '@tanstack/react-query';
import type { OptionGroup } from '@wallet/contract/game';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gamePeriodQuery, type GameProject, type PeriodNow } from '../api/game-queries';
import { lastBetStore } from './last-bet-store';
import { assetsQuery } from '../../money';
import { DelayedSpinner } from '../../../components/delayed-spinner';
import { MAX_SELECTIONS, clampQuantity, emptySlip, slipCost, toggleOption } from '../model/bet-slip';
import { repeatLastBet } from '../model/last-bet';
import { shownGroup } from '../model/option-groups';
import { confirmView } from '../model/order-confirm';
import { orderTarget } from '../model/order-target';
import { DRAW_POLL_MS, periodPhase, periodRefetchDelayMs, type PhaseNow } from '../model/period-phase';
import { randomPick } from '../model/random-pick';
import { useServerClock } from './use-server-clock';
import { LoadFailed } from '../../../components/load-failed';
import { remainingSeconds } from '../../../components/countdown';
import { showToast } from '../../../components/toast';
import { LastResults } from './last-results';
import { OptionBoard } from './option-board';
import { PeriodCard } from './period-card';
import { QuantityBox } from './quantity-box';
import { SlipBar } from './slip-bar';
import { useDrawResult } from './use-draw-result';
import { SAFETY_POLL_MS, useLiveUp } from '../../live';
import { ProtectionRefusalNote, isProtectionRefusal } from '../../protection';
import { useOrderConfirm } from './use-order-confirm';

// The sheet (with its animation library) is downloaded on the first order, not with the page.
const ConfirmSheet = lazy(() => import('./confirm-sheet'));

/**
 * Asks for the period again at its draw (by the server's clock), and every
 * second while a due result has not come, or while the next period (which
 * takes orders once this one locks) is not known yet.
 */
function refetchAtDraw(period: PeriodNow | undefined) {
  if (!period) return false;
  const delay = periodRefetchDelayMs(period, Date.now() + period.clockOffsetMs);
  return period.next === null && period.status !== 'drawn' ? Math.min(delay, DRAW_POLL_MS) : delay;
}

const ORDER_LABELS: Record<PhaseNow['phase'], string> = {
  upcoming: 'gamePages.slip.notOpen',
  open: 'gamePages.slip.order',
  locked: 'gamePages.slip.waiting',
  drawing: 'gamePages.slip.waiting',
};

/** One project's game: the period and its countdown, the last results, the options, the slip and the order. */
export function ProjectGame({ project }: { project: GameProject }) {
  const { t } = useTranslation();
  const range = { min: project.minQuantity, max: project.maxQuantity };
  const [slip, setSlip] = useState(() => emptySlip(range));
  const [group, setGroup] = useState<OptionGroup>();
  // A placed order empties the slip; its quantity stays for the next one.
  const confirm = useOrderConfirm(project, () => setSlip((current) => ({ ...current, options: [] })));
  // With the live stream open, its period events ask for the period again; the clock alone would ask as often as polling.
  const live = useLiveUp();
  const periodQuery = useQuery({ ...gamePeriodQuery(project.id), refetchInterval: (query) => (live ? SAFETY_POLL_MS : refetchAtDraw(query.state.data)) });
  const { data: assets } = useQuery(assetsQuery);
  const period = periodQuery.data;
  const serverNow = useServerClock(period?.clockOffsetMs ?? 0);
  const draw = useDrawResult(project.id, period?.recent[0]);

  if (!period) return periodQuery.error ? <LoadFailed error={periodQuery.error} retry={() => void periodQuery.refetch()} /> : <DelayedSpinner />;

  const now = periodPhase(period, serverNow);
  // Orders go into the period shown until it locks, then into the next one.
  const target = orderTarget(period, serverNow);
  const cost = slipCost(slip, project.unitAmount, assets?.balance);
  // The sheet shows the order pinned when it opened; only the balance it is measured against moves.
  const sheet = confirm.current?.shown ? confirm.current : undefined;
  const sheetPeriods = sheet?.chase.on ? sheet.chase.periods : 1;
  const sheetCost = sheet && slipCost(sheet.pin.slip, sheet.pin.unitAmount, assets?.balance, sheetPeriods);
  const sheetLocksAt = sheet && target?.periodNo === sheet.pin.fields.periodNo ? target.locksAt : undefined;
  const toggle = (code: string) => {
    const next = toggleOption(slip, code);
    if (next.full) showToast(t('gamePages.slip.full', { max: MAX_SELECTIONS }));
    setSlip(next.slip);
  };
  const pickAtRandom = () => {
    const tab = shownGroup(project.options, group);
    const codes = project.options.filter((option) => option.group === tab).map((option) => option.code);
    setSlip({ ...slip, options: randomPick(codes) });
  };
  const repeatLast = () => {
    const repeated = repeatLastBet(
      lastBetStore.get(project.id),
      project.options.map((option) => option.code),
      range,
    );
    if (repeated) setSlip(repeated);
    else showToast(t('gamePages.slip.noLastBet'));
  };
  const chosen = slip.options.length > 0;
  const actionLabel = !target ? ORDER_LABELS[now.phase] : !chosen ? 'gamePages.slip.choose' : target.isNext ? 'gamePages.slip.orderNext' : 'gamePages.slip.order';

  return (
    <>
      <PeriodCard projectId={project.id} period={period} now={now} />
      <LastResults recent={period.recent} rolling={draw.rolling} outcome={draw.outcome} />
      <OptionBoard options={project.options} selected={slip.options} onToggle={toggle} group={group} onGroupChange={setGroup} />
      <SlipBar
        count={slip.options.length}
        onClear={() => setSlip({ ...slip, options: [] })}
        quantity={<QuantityBox value={slip.quantity} range={range} onChange={(quantity) => setSlip({ ...slip, quantity: clampQuantity(quantity, range) })} />}
        cost={cost}
        balance={assets?.balance}
        targetNote={target?.isNext && t('gamePages.slip.nextPeriod', { periodNo: target.periodNo })}
        tools={
          <>
            <Button size="mini" fill="outline" color="primary" onClick={pickAtRandom} data-testid="random-pick">
              {t('gamePages.slip.randomPick')}
            </Button>
            <Button size="mini" fill="outline" color="primary" onClick={repeatLast} data-testid="repeat-last">
              {t('gamePages.slip.repeatLast')}
            </Button>
          </>
        }
        action={{
          label: t(actionLabel, { periodNo: target?.periodNo }),
          disabled: !target || !chosen,
          onClick: () => target && confirm.open(target.periodNo, slip),
        }}
      />
      {sheet && sheetCost && (
        <Suspense fallback={null}>
          <ConfirmSheet
            projectName={project.name}
            confirm={sheet}
            view={confirmView(sheet, { periodNo: target?.periodNo ?? period.periodNo, open: target !== undefined }, sheetCost.shortCents)}
            cost={sheetCost}
            balance={assets?.balance}
            pending={confirm.pending}
            secondsToLock={sheetLocksAt === undefined ? undefined : remainingSeconds(sheetLocksAt, serverNow)}
            isNextPeriod={sheet.pin.fields.periodNo === period.next?.periodNo}
            periodsPerDay={Math.floor(86_400 / project.periodSeconds)}
            refusal={isProtectionRefusal(sheet.failure) ? <ProtectionRefusalNote error={sheet.failure} testId="confirm-failure" /> : undefined}
            onChase={confirm.chooseChase}
            onSubmit={confirm.submit}
            onNewPeriod={confirm.pinOnPeriod}
            onClose={confirm.close}
          />
        </Suspense>
      )}
    </>
  );
}
