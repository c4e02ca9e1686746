import { queryClient } from '../../../api/query-client';
import { noticeHomeQuery } from '../api/content-queries';

/** What Home shows first, asked for while the screen's chunk downloads (routes/pages.ts); Home takes it as fresh. */
export function prefetchHome(language: string): void {
  void queryClient.prefetchQuery(noticeHomeQuery(language));
}
