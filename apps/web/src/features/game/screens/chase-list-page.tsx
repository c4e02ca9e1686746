import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { chaseListQuery } from '../api/game-queries';
import { InfiniteList } from '../../../components/list/infinite-list';
import '../game.css';
import '../../money/money.css';
import '../../../styles/list.css';
import { ChaseRecord } from '../components/chase-record';

/** The user's chases, newest first: each period's state, what was returned, and a cancel for what still waits. */
export function ChaseListPage() {
  const { t } = useTranslation();
  const query = useInfiniteQuery(chaseListQuery);
  return (
    <div className="app-list-page">
      <InfiniteList query={query} itemKey={(chase) => chase.chaseNo} renderItem={(chase) => <ChaseRecord chase={chase} />} emptyTitle={t('gamePages.chase.list.empty')} testId="chase-records" />
    </div>
  );
}
