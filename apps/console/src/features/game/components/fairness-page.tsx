import { Card, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { QueryError } from '../../../components/query-error';
import { useListParams } from '../../../components/use-list-params';
import { useFairnessState } from '../api/game-calls';
import { BeaconCard } from './beacon-card';
import { LateDrawsAlert } from './late-draws-alert';
import { VoidPeriodsTable } from './void-periods-table';

const NO_FILTERS = [] as const;

/** The draw's health: the beacon, the draws late now and the periods that were void. */
export function FairnessPage() {
  const { t } = useTranslation();
  const list = useListParams(NO_FILTERS);
  const fairness = useFairnessState({ page: list.page, pageSize: list.pageSize });
  const state = fairness.data;
  const voided = {
    data: state?.voided,
    // Read again every few seconds: the table shows it loads only for another page, not at each refresh.
    isFetching: fairness.isPending || fairness.isPlaceholderData,
    // The page says once, above, that the read failed.
    error: null,
    refetch: fairness.refetch,
  };

  return (
    <Page title={t('menu.fairness')}>
      <QueryError error={fairness.error} onRetry={fairness.refetch} />
      {state ? (
        <>
          <BeaconCard beacon={state.beacon} />
          <Card size="small" title={t('fairness.lateDraws')} style={{ marginBottom: 16 }}>
            {state.lateDraws.length > 0 ? (
              <LateDrawsAlert lateDraws={state.lateDraws} />
            ) : (
              <Typography.Text type="secondary" data-testid="no-late-draws">
                {t('lateDraws.none')}
              </Typography.Text>
            )}
          </Card>
        </>
      ) : (
        <Skeleton active />
      )}
      <Card size="small" title={t('fairness.voided')}>
        <VoidPeriodsTable query={voided} list={list} />
      </Card>
    </Page>
  );
}
