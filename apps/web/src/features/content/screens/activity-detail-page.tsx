import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { activityQuery } from '../api/content-queries';
import { ContentDocument } from '../components/content-document';
import { ActivityStateTag } from '../components/content-tags';
import { ActivityDates } from '../components/content-time';
import { useContentId } from '../components/use-content-id';
import { DelayedSpinner } from '../../../components/delayed-spinner';
import { LoadFailed } from '../../../components/load-failed';
import { PATHS } from '../../../navigation/paths';

function ActivityDetail({ id }: { id: string }) {
  const { i18n } = useTranslation();
  const { data, error, refetch } = useQuery(activityQuery(id, i18n.language));
  if (!data) return error ? <LoadFailed error={error} retry={() => void refetch()} /> : <DelayedSpinner />;
  return (
    <ContentDocument
      title={data.title}
      cover={data.cover}
      html={data.content}
      meta={
        <>
          <ActivityStateTag state={data.state} />
          <ActivityDates publishAt={data.publishAt} expiresAt={data.expiresAt} />
        </>
      }
    />
  );
}

/** One activity (`?id=`); without an id, the Activity tab. */
export function ActivityDetailPage() {
  const id = useContentId();
  if (!id) return <Navigate to={PATHS.activities} replace />;
  return <ActivityDetail key={id} id={id} />;
}
