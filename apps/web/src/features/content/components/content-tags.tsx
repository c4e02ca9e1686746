import { useTranslation } from 'react-i18next';
import type { ActivityItem } from '../api/content-queries';
import '../content.css';

export type ActivityState = ActivityItem['state'];

/** Running or ended, as a coloured label. */
export function ActivityStateTag({ state }: { state: ActivityState }) {
  const { t } = useTranslation();
  return (
    <span className={`app-content-tag app-content-tag-${state}`} data-testid="activity-state" data-state={state}>
      {t(`activity.state.${state}`)}
    </span>
  );
}

/** A notice the operator keeps at the top of the list. */
export function PinnedTag() {
  const { t } = useTranslation();
  return (
    <span className="app-content-tag app-content-tag-pinned" data-testid="pinned-tag">
      {t('notice.pinned')}
    </span>
  );
}
