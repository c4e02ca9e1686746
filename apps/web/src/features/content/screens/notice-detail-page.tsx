import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useMarkNoticeRead } from '../api/content-mutations';
import { noticeDetailQuery } from '../api/content-queries';
import { hasSession } from '../../../api/session';
import { ContentDocument } from '../components/content-document';
import { PublishedAt } from '../components/content-time';
import { useContentId } from '../components/use-content-id';
import { DelayedSpinner } from '../../../components/delayed-spinner';
import { LoadFailed } from '../../../components/load-failed';
import { PATHS } from '../../../navigation/paths';

/** Once the notice is on screen, it counts as read for a signed-in user: once per opening. */
function useMarkReadWhenShown(id: string, shown: boolean) {
  const { mutate } = useMarkNoticeRead();
  const marked = useRef(false);
  useEffect(() => {
    if (!shown || marked.current || !hasSession()) return;
    marked.current = true;
    mutate(id);
  }, [shown, id, mutate]);
}

function NoticeDetail({ id }: { id: string }) {
  const { i18n } = useTranslation();
  const { data, error, refetch } = useQuery(noticeDetailQuery(id, i18n.language));
  useMarkReadWhenShown(id, Boolean(data));
  if (!data) return error ? <LoadFailed error={error} retry={() => void refetch()} /> : <DelayedSpinner />;
  return <ContentDocument title={data.title} cover={data.cover} html={data.content} meta={<PublishedAt time={data.publishAt} />} />;
}

/** One notice (`?id=`); without an id, the list of them. */
export function NoticeDetailPage() {
  const id = useContentId();
  if (!id) return <Navigate to={PATHS.noticeList} replace />;
  // Keyed: another notice is another opening, marked read on its own.
  return <NoticeDetail key={id} id={id} />;
}
