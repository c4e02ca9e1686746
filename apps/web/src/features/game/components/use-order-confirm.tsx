import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePlaceOrder, useStartChase, type StartedChase } from '../api/game-mutations';
import type { GameProject } from '../api/game-queries';
import { lastBetStore } from './last-bet-store';
import type { Slip } from '../model/bet-slip';
import type { ChaseChoice } from '../model/chase-plan';
import { lastBetOf } from '../model/last-bet';
import { chaseFieldsOf, chooseChase, openConfirm, pinOnPeriod, tryFailed, tryStarted, type Confirming, type PinnedOrder } from '../model/order-confirm';
import { showToast } from '../../../components/toast';
import { useAmountFormat } from '../../../components/use-currency';
import { useGuardedAction } from '../../../components/use-guarded-action';
import { PATHS } from '../../../navigation/paths';

/**
 * The confirm of an order, kept by the page rather than the sheet: the order
 * is pinned when the sheet opens, and one whose try got no answer stays
 * pinned when the sheet closes, so the next press retries it. With the
 * sheet's chase option on, the same confirm starts a chase instead.
 */
export function useOrderConfirm(project: GameProject, onPlaced: () => void) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const placeOrder = usePlaceOrder();
  const startChase = useStartChase();
  const formatAmount = useAmountFormat();
  const [current, setCurrent] = useState<Confirming>();
  /** Changes the confirm only while it is still the one of `pin`. */
  const update = (pin: PinnedOrder, change: (confirm: Confirming) => Confirming | undefined) =>
    setCurrent((confirm) => (confirm?.pin === pin ? change(confirm) : confirm));

  /** Says which chase started and what it reserved, with the way to the chase list. */
  const announceChase = async ({ chaseNo, totalAmount, periodNos }: StartedChase) => {
    const { default: Dialog } = await import('antd-mobile/es/components/dialog');
    const seeList = await Dialog.confirm({
      title: t('gamePages.chase.startedTitle'),
      content: <span data-testid="chase-started">{t('gamePages.chase.started', { chaseNo, total: formatAmount(totalAmount), periods: periodNos.length })}</span>,
      confirmText: t('gamePages.chase.seeList'),
      cancelText: t('gamePages.chase.done'),
    });
    if (seeList) void navigate(PATHS.chases);
  };

  // Throttled per pinned order: a new confirm (on the next period, or of a new slip) takes its first press at once.
  const submit = useGuardedAction(async () => {
    if (!current) return;
    const { pin } = current;
    update(pin, tryStarted);
    let started: StartedChase | undefined;
    try {
      if (current.chase.on) started = await startChase.mutateAsync(chaseFieldsOf(current));
      else await placeOrder.mutateAsync(pin.fields);
    } catch (error) {
      update(pin, (confirm) => tryFailed(confirm, error));
      throw error;
    }
    update(pin, () => undefined);
    lastBetStore.save(project.id, lastBetOf(pin.slip));
    onPlaced();
    if (started) void announceChase(started);
    else showToast(t('gamePages.confirm.placed'));
  }, current?.pin);

  return {
    current,
    pending: submit.pending,
    open: (periodNo: string, slip: Slip) => setCurrent((confirm) => openConfirm(confirm, project, periodNo, slip)),
    close: () => setCurrent((confirm) => confirm && { ...confirm, shown: false }),
    submit: () => submit.run(),
    chooseChase: (change: Partial<ChaseChoice>) => setCurrent((confirm) => confirm && chooseChase(confirm, change)),
    /** The explicit new confirm on the period taking orders now, once the order's period closed. */
    pinOnPeriod: (periodNo: string) => setCurrent((confirm) => confirm && pinOnPeriod(confirm, project, periodNo)),
  };
}
