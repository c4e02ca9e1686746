import { useTranslation } from 'react-i18next';
import { formatRecordTime } from '../../../components/list/record-time';

/** When a notice or an activity was published, in the reader's language. */
export function PublishedAt({ time }: { time: number }) {
  const { i18n } = useTranslation();
  return (
    <time className="app-content-time" dateTime={new Date(time).toISOString()} data-testid="content-time">
      <bdi>{formatRecordTime(time, i18n.language)}</bdi>
    </time>
  );
}

/** From publication to the end, or "no end date"; the dash between the two dates reads the same in both directions. */
export function ActivityDates({ publishAt, expiresAt }: { publishAt: number; expiresAt: number | null }) {
  const { t, i18n } = useTranslation();
  return (
    <span className="app-content-time" data-testid="activity-dates">
      <bdi>{formatRecordTime(publishAt, i18n.language)}</bdi>
      {' – '}
      {expiresAt === null ? t('activity.noEnd') : <bdi>{formatRecordTime(expiresAt, i18n.language)}</bdi>}
    </span>
  );
}
