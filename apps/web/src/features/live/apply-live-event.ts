import type { QueryClient } from '@tanstack/react-query';
import type { LiveEventData } from '@wallet/contract/events';
import { MARKED_CONTENT_QUERY_KEY } from '../content';
import { ACCOUNT_QUERY_KEY } from '../../api/session';
import { drawOutcome, gamePeriodQueryKey, periodOrdersQuery, projectGameQueries, type PeriodNow } from '../game';
import { assetsQuery, refreshMoney, type Assets } from '../money';
import type { LiveEvent } from './live-connection';
import { announceResult } from './result-announcements';

const HOME_QUERIES = { queryKey: [...MARKED_CONTENT_QUERY_KEY, 'home'] };
/** The user's orders and chases. */
const MY_GAME_QUERIES = { queryKey: [...ACCOUNT_QUERY_KEY, 'game'] };

/** The money an event says the user has now: shown at once; every money list is read again behind it. */
function moneyMoved(queryClient: QueryClient, money: Pick<Assets, 'balance' | 'freeze' | 'coin'>) {
  queryClient.setQueryData<Assets>(assetsQuery.queryKey, (assets) => assets && { ...assets, balance: money.balance, freeze: money.freeze, coin: money.coin });
  void refreshMoney(queryClient);
}

/**
 * A period moved on: a draw (its dice, the next period) or a period shown
 * here that is no longer the current one. Its open and lock the page's clock
 * already shows, so those ask nothing.
 */
function periodMoved(queryClient: QueryClient, period: LiveEventData<'period'>) {
  const shown = queryClient.getQueryData<PeriodNow>(gamePeriodQueryKey(period.projectId));
  if (period.status === 'drawn' || period.status === 'void') {
    void queryClient.invalidateQueries(projectGameQueries(period.projectId));
    void queryClient.invalidateQueries(HOME_QUERIES);
  } else if (shown && shown.periodNo !== period.periodNo) {
    void queryClient.invalidateQueries({ queryKey: gamePeriodQueryKey(period.projectId) });
  }
}

/**
 * A void period's orders came back (the balance event's reference is
 * `projectId/periodNo`): the refund is told as a draw's result would be, once,
 * whoever tells it first; then the user's orders and chases are read again.
 */
function ordersVoided(queryClient: QueryClient, reference: string) {
  const [projectId, periodNo] = reference.split('/');
  const told = projectId && periodNo ? queryClient.fetchQuery(periodOrdersQuery(projectId, periodNo)).then((orders) => orders.length > 0 && announceResult(projectId, periodNo, drawOutcome(orders))) : Promise.resolve();
  void told.catch(() => undefined).finally(() => void queryClient.invalidateQueries(MY_GAME_QUERIES));
}

/** Where each live event goes in the app: the money shown, the game's periods and results, the notices; a result is announced. */
export function applyLiveEvent(queryClient: QueryClient, event: LiveEvent): void {
  switch (event.type) {
    case 'balance':
      moneyMoved(queryClient, event.data);
      if (event.data.cause === 'order_voided') ordersVoided(queryClient, event.data.reference);
      break;
    case 'settled':
      moneyMoved(queryClient, event.data);
      // The user's orders and chases (a chased period won or lost).
      void queryClient.invalidateQueries(MY_GAME_QUERIES);
      announceResult(event.data.projectId, event.data.periodNo, drawOutcome(event.data.orders));
      break;
    case 'period':
      periodMoved(queryClient, event.data);
      break;
    case 'notice':
      void queryClient.invalidateQueries({ queryKey: MARKED_CONTENT_QUERY_KEY });
      break;
  }
}

/** The stream could not resume: whatever is shown may have missed something, so every query shown is read again. */
export function refetchEverything(queryClient: QueryClient): void {
  void queryClient.invalidateQueries();
}
