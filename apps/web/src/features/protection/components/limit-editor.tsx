import Button from 'antd-mobile/es/components/button';
import { MAX_MONEY_CENTS, formatMoney, type LimitKind, type LimitPeriod } from '@wallet/contract/core';
import { useTranslation } from 'react-i18next';
import { readAmount, type AmountLimits } from '../../../components/amount-input';
import { AmountField } from '../../../components/form/amount-field';
import { amountRule } from '../../../components/form/amount-rule';
import { AppForm } from '../../../components/form/app-form';
import { withFormErrors } from '../../../components/form/form-call';
import { useForm } from '../../../components/form/use-form';
import { formatRecordTime } from '../../../components/list/record-time';
import { showToast } from '../../../components/toast';
import { useAmountFormat } from '../../../components/use-currency';
import { useGuardedAction } from '../../../components/use-guarded-action';
import { useSaveLimit } from '../api/protection-mutations';
import { pendingChange } from '../model/protection-state';

type Values = { amount: string };

/** Any positive amount the ledger can hold. */
const LIMIT_AMOUNTS: AmountLimits = { minCents: 1, maxCents: MAX_MONEY_CENTS };

interface Props {
  kind: LimitKind;
  period: LimitPeriod;
  /** The limit in force, if any. */
  current: string | null;
  onClose: () => void;
}

/** A new amount for one limit, or none: lowering applies at once, raising or removing after 24 hours, as the toast then says. */
export function LimitEditor({ kind, period, current, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const format = useAmountFormat();
  const saveLimit = useSaveLimit();
  const form = useForm<Values>({ amount: current ?? '' }, { amount: amountRule<Values>(LIMIT_AMOUNTS, t, format) });

  const save = useGuardedAction(async (remove: boolean) => {
    let amount: string | null = null;
    if (!remove) {
      if (!(await form.validate())) return;
      const read = readAmount(form.values.amount, LIMIT_AMOUNTS);
      if (!read.ok) return;
      amount = formatMoney(read.cents);
    }
    const view = await withFormErrors(form, () => saveLimit.mutateAsync({ kind, period, amount }));
    const waiting = pendingChange(view, kind, period);
    showToast(waiting ? t('protection.savedFrom', { time: formatRecordTime(waiting.effectiveAt, i18n.language) }) : t('protection.saved'));
    onClose();
  });

  return (
    <AppForm name={`limit-${kind}-${period}`} onSubmit={() => save.run(false)}>
      <AmountField field={form.field('amount')} range={undefined} />
      <div className="app-limit-actions">
        <Button type="submit" color="primary" size="small" loading={save.pending} disabled={save.pending} data-testid="limit-save">
          {t('protection.save')}
        </Button>
        {current !== null && (
          <Button color="danger" fill="outline" size="small" disabled={save.pending} onClick={() => save.run(true)} data-testid="limit-remove">
            {t('protection.remove')}
          </Button>
        )}
        <Button fill="none" size="small" onClick={onClose} data-testid="limit-cancel">
          {t('common.cancel')}
        </Button>
      </div>
    </AppForm>
  );
}
