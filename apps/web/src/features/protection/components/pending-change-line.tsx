import Button from 'antd-mobile/es/components/button';
import type { LimitKind, LimitPeriod } from '@wallet/contract/core';
import { useTranslation } from 'react-i18next';
import { formatRecordTime } from '../../../components/list/record-time';
import { showToast } from '../../../components/toast';
import { useAmountFormat } from '../../../components/use-currency';
import { useGuardedAction } from '../../../components/use-guarded-action';
import { useSaveLimit } from '../api/protection-mutations';
import type { PendingChange } from '../model/protection-state';

interface Props {
  kind: LimitKind;
  period: LimitPeriod;
  change: PendingChange;
  inForce: string | null;
}

/** A raise or removal waiting for its 24 hours, and its cancel: the limit in force saved again. */
export function PendingChangeLine({ kind, period, change, inForce }: Props) {
  const { t, i18n } = useTranslation();
  const format = useAmountFormat();
  // A failure is toasted: there is no form here to show it under.
  const saveLimit = useSaveLimit({});
  const cancel = useGuardedAction(async () => {
    await saveLimit.mutateAsync({ kind, period, amount: inForce });
    showToast(t('protection.pendingCancelled'));
  });
  const time = formatRecordTime(change.effectiveAt, i18n.language);
  return (
    <div className="app-limit-pending" data-testid="limit-pending">
      <span>{change.amount === null ? t('protection.pendingRemoval', { time }) : t('protection.pendingRaise', { amount: format(change.amount), time })}</span>
      {inForce !== null && (
        <Button size="mini" fill="none" color="primary" loading={cancel.pending} onClick={() => cancel.run()} data-testid="limit-cancel-pending">
          {t('protection.cancelPending')}
        </Button>
      )}
    </div>
  );
}
