import GiftOutline from 'antd-mobile-icons/es/GiftOutline';
import { Link } from 'react-router';
import type { ActivityItem } from '../api/content-queries';
import { activityPath } from '../model/content-paths';
import { ActivityStateTag } from './content-tags';
import { ActivityDates } from './content-time';

/** One activity: its picture (or a placeholder), running or ended, title, first words and dates; tapping opens it. */
export function ActivityCard({ activity }: { activity: ActivityItem }) {
  return (
    <Link
      to={activityPath(activity.id)}
      className={`app-content-card app-activity-card app-activity-${activity.state}`}
      data-testid="activity-item"
      data-id={activity.id}
    >
      <div className="app-activity-cover">
        {activity.cover ? <img src={activity.cover} alt="" loading="lazy" /> : <GiftOutline className="app-activity-placeholder" aria-hidden="true" />}
        <ActivityStateTag state={activity.state} />
      </div>
      <div className="app-activity-text">
        <h2 className="app-content-card-title" data-testid="activity-title">
          <bdi>{activity.title}</bdi>
        </h2>
        {activity.summary && (
          <p className="app-content-card-summary">
            <bdi>{activity.summary}</bdi>
          </p>
        )}
        <ActivityDates publishAt={activity.publishAt} expiresAt={activity.expiresAt} />
      </div>
    </Link>
  );
}
