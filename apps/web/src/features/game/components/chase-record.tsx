import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error';
import { useCancelChase } from '../api/game-mutations';
import type { Chase, ChasePeriod } from '../api/game-queries';
import { canCancel, chaseStateOf, periodsDone } from '../model/chase-state';
import { optionLabel } from '../model/option-label';
import { RecordCard, RecordLine } from '../../../components/list/record-card';
import { Money } from '../../../components/money-text';
import { useAmountFormat } from '../../../components/use-currency';
import { showToast } from '../../../components/toast';
import { useGuardedAction } from '../../../components/use-guarded-action';

function PeriodRow({ period }: { period: ChasePeriod }) {
  const { t } = useTranslation();
  return (
    <li className="app-chase-period" data-testid="chase-period" data-state={period.state}>
      <bdi className="app-chase-period-no">{period.periodNo}</bdi>
      <span className={`app-status app-chase-${period.state}`} data-testid="chase-period-state" data-reason={period.reason ?? undefined}>
        {period.reason === 'PERIOD_VOID' ? t('gamePages.chase.periodVoid') : t(`gamePages.chase.states.${period.state}`)}
      </span>
      <Money value={period.amount} />
      <span className="app-chase-period-payout">{period.payout !== null && <Money value={period.payout} testId="chase-period-payout" />}</span>
    </li>
  );
}

/** One chase: what it orders, its periods done, what it reserved, returned and paid; open it for each period; cancel what still waits. */
export function ChaseRecord({ chase }: { chase: Chase }) {
  const { t } = useTranslation();
  const cancelChase = useCancelChase();
  const formatAmount = useAmountFormat();
  const state = chaseStateOf(chase);

  const confirmAndCancel = useGuardedAction(async () => {
    const { default: Dialog } = await import('antd-mobile/es/components/dialog');
    const confirmed = await Dialog.confirm({
      content: t('gamePages.chase.cancelConfirm', { amount: formatAmount(chase.reserved) }),
      confirmText: t('gamePages.chase.cancel'),
      cancelText: t('gamePages.chase.keep'),
    });
    if (!confirmed) return;
    try {
      const { returned } = await cancelChase.mutateAsync(chase.chaseNo);
      showToast(t('gamePages.chase.cancelled', { amount: formatAmount(returned) }));
    } catch (error) {
      if (error instanceof ApiError && error.status !== 401) showToast(error.mess);
      throw error;
    }
  }, chase.chaseNo);

  return (
    <RecordCard
      amount={chase.totalAmount}
      orderNo={chase.chaseNo}
      createdAt={chase.createdAt}
      status={
        <span className={`app-status app-chase-${state}`} data-testid="chase-state">
          {t(`gamePages.chase.list.${state}`)}
        </span>
      }
      note={
        <details className="app-chase-periods" data-testid="chase-periods">
          <summary>{t('gamePages.chase.list.periodsDetail')}</summary>
          <ul>
            {chase.periods.map((period) => (
              <PeriodRow key={period.periodNo} period={period} />
            ))}
          </ul>
        </details>
      }
      actions={
        canCancel(chase) && (
          <Button size="small" color="danger" fill="outline" loading={confirmAndCancel.pending} onClick={() => confirmAndCancel.run()} data-testid="chase-cancel">
            {t('gamePages.chase.cancel')}
          </Button>
        )
      }
    >
      <RecordLine label={t('gamePages.records.project')}>
        <bdi>{chase.projectName}</bdi>
      </RecordLine>
      <RecordLine label={t('gamePages.records.option')}>
        <span className="app-order-option">{chase.selections.map((s) => `${optionLabel(s.option, t)} ×${s.quantity}`).join(' · ')}</span>
      </RecordLine>
      <RecordLine label={t('gamePages.chase.list.start')}>
        <bdi data-testid="chase-start">{chase.periods[0]?.periodNo}</bdi>
      </RecordLine>
      <RecordLine label={t('gamePages.chase.list.done')}>
        <bdi data-testid="chase-done">{t('gamePages.chase.list.doneOf', { done: periodsDone(chase), total: chase.periods.length })}</bdi>
      </RecordLine>
      <RecordLine label={t('gamePages.chase.stopOnWin')}>{t(chase.stopOnWin ? 'gamePages.chase.list.yes' : 'gamePages.chase.list.no')}</RecordLine>
      <RecordLine label={t('gamePages.chase.perPeriod')}>
        <Money value={chase.amountPerPeriod} testId="chase-per-period" />
      </RecordLine>
      <RecordLine label={t('gamePages.chase.list.returned')}>
        <Money value={chase.returned} testId="chase-returned" />
      </RecordLine>
      <RecordLine label={t('gamePages.records.payout')}>
        <Money value={chase.payout} testId="chase-payout" />
      </RecordLine>
    </RecordCard>
  );
}
