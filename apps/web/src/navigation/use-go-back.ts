import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { canGoBack } from './history';

/** Back to the previous page, or, when the page was opened directly, up to its parent. */
export function useGoBack(parent: string): () => void {
  const navigate = useNavigate();
  return useCallback(() => void (canGoBack() ? navigate(-1) : navigate(parent, { replace: true })), [navigate, parent]);
}
