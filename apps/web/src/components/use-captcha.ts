import { useQuery } from '@tanstack/react-query';
import { CALLS } from '@wallet/contract/core';
import { callApi } from '../api/client';

/** A captcha lives 5 minutes on the server; a fresh one is fetched before that, so the shown one always works. */
const CAPTCHA_REFRESH_MS = 4 * 60_000;

/**
 * The captcha a form shows. Each form has its own (`scope`), and a captcha
 * answers once: call `refresh` after every attempt that used it.
 */
export function useCaptcha(scope: string, enabled = true) {
  const query = useQuery({
    queryKey: ['captcha', scope],
    queryFn: () => callApi(CALLS.generateCaptcha, {}, { quiet: true }),
    enabled,
    gcTime: 0,
    staleTime: CAPTCHA_REFRESH_MS,
    refetchInterval: CAPTCHA_REFRESH_MS,
    retry: false,
  });
  return {
    id: query.data?.captchaId,
    image: query.data?.image,
    loading: query.isFetching,
    failed: query.isError,
    refresh: () => void query.refetch(),
  };
}

export type Captcha = ReturnType<typeof useCaptcha>;
