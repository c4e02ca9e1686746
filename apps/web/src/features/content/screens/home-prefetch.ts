import { queryClient } from '../../../api/query-client';
import { noticeHomeQuery } from '../api/content-queries';

let prefetched = false;

/** What Home shows first, asked for while the screen's chunk downloads (routes/pages.ts). */
export function prefetchHome(language: string): void {
  prefetched = true;
  void queryClient.prefetchQuery(noticeHomeQuery(language));
}

/** True once, for the Home the app opened on: the answer asked for while it downloaded is that visit's, not one to ask again. */
export function takePrefetchedHome(): boolean {
  const was = prefetched;
  prefetched = false;
  return was;
}
