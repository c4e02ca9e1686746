import { useSearchParams } from 'react-router';
import { CONTENT_ID_PARAM } from '../model/content-paths';

/** The notice or activity the address names, or null when it names none. */
export function useContentId(): string | null {
  const [params] = useSearchParams();
  return params.get(CONTENT_ID_PARAM)?.trim() || null;
}
