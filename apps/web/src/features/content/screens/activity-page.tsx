import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { activitiesQuery } from '../api/content-queries';
import { InfiniteList } from '../../../components/list/infinite-list';
import '../content.css';
import { ActivityCard } from '../components/activity-card';

/** The Activity tab: running activities first, then those that ended lately. */
export function ActivityPage() {
  const { t, i18n } = useTranslation();
  const query = useInfiniteQuery(activitiesQuery(i18n.language));
  return (
    <div className="app-list-page">
      <InfiniteList
        query={query}
        itemKey={(activity) => activity.id}
        renderItem={(activity) => <ActivityCard activity={activity} />}
        emptyTitle={t('empty.noActivities')}
        testId="activity-list"
      />
    </div>
  );
}
