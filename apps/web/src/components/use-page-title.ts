import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { serverInfoQuery } from '../api/public-info';

/** "page name · display name", the display name being the operator's setting. */
export function usePageTitle(pageName: string): void {
  const { data } = useQuery(serverInfoQuery);
  const displayName = data?.displayName;
  useEffect(() => {
    document.title = displayName ? `${pageName} · ${displayName}` : pageName;
  }, [pageName, displayName]);
}
