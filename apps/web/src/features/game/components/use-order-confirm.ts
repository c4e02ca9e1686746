import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlaceOrder } from '../api/game-mutations';
import type { GameProject } from '../api/game-queries';
import type { Slip } from '../model/bet-slip';
import { openConfirm, pinOnPeriod, tryFailed, tryStarted, type Confirming, type PinnedOrder } from '../model/order-confirm';
import { showToast } from '../../../components/toast';
import { useGuardedAction } from '../../../components/use-guarded-action';

/**
 * The confirm of an order, kept by the page rather than the sheet: the order
 * is pinned when the sheet opens, and one whose try got no answer stays
 * pinned when the sheet closes, so the next press retries it.
 */
export function useOrderConfirm(project: GameProject, onPlaced: () => void) {
  const { t } = useTranslation();
  const placeOrder = usePlaceOrder();
  const [current, setCurrent] = useState<Confirming>();
  /** Changes the confirm only while it is still the one of `pin`. */
  const update = (pin: PinnedOrder, change: (confirm: Confirming) => Confirming | undefined) =>
    setCurrent((confirm) => (confirm?.pin === pin ? change(confirm) : confirm));

  // Throttled per pinned order: a new confirm (on the next period, or of a new slip) takes its first press at once.
  const submit = useGuardedAction(async () => {
    if (!current) return;
    const { pin } = current;
    update(pin, tryStarted);
    try {
      await placeOrder.mutateAsync(pin.fields);
    } catch (error) {
      update(pin, (confirm) => tryFailed(confirm, error));
      throw error;
    }
    update(pin, () => undefined);
    showToast(t('game.confirm.placed'));
    onPlaced();
  }, current?.pin);

  return {
    current,
    pending: submit.pending,
    open: (periodNo: string, slip: Slip) => setCurrent((confirm) => openConfirm(confirm, project, periodNo, slip)),
    close: () => setCurrent((confirm) => confirm && { ...confirm, shown: false }),
    submit: () => submit.run(),
    /** The explicit new confirm on the period open now, once the order's period closed. */
    pinOnPeriod: (periodNo: string) => setCurrent((confirm) => confirm && pinOnPeriod(confirm, project, periodNo)),
  };
}
