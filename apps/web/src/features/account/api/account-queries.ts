import { queryOptions } from '@tanstack/react-query';
import { CALLS } from '@wallet/contract/core';
import { callApi } from '../../../api/client';
import { ACCOUNT_QUERY_KEY } from '../../../api/session';
import { SIGNED_LINKS_REFRESH } from '../../../api/signed-links';

export const userInfoQuery = queryOptions({
  queryKey: [...ACCOUNT_QUERY_KEY, 'info'],
  queryFn: () => callApi(CALLS.userInfo, {}, { quiet: true }),
  ...SIGNED_LINKS_REFRESH,
});

/** The agreement comes in the caller's language, so each language is its own entry. */
export const agreementQuery = (language: string) =>
  queryOptions({
    queryKey: ['public', 'reg_agreement', language],
    queryFn: () => callApi(CALLS.regAgreement, {}, { quiet: true }),
    staleTime: 5 * 60_000,
  });

/** A captcha lives 5 minutes on the server; a fresh one is fetched before that, so the shown one always works. */
const CAPTCHA_REFRESH_MS = 4 * 60_000;

/** The captcha of one form (`scope`): each form has its own, and none is kept once its form is gone. */
export const captchaQuery = (scope: string) =>
  queryOptions({
    queryKey: ['captcha', scope],
    queryFn: () => callApi(CALLS.generateCaptcha, {}, { quiet: true }),
    gcTime: 0,
    staleTime: CAPTCHA_REFRESH_MS,
    refetchInterval: CAPTCHA_REFRESH_MS,
    retry: false,
  });
