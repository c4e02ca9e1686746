import { queryOptions } from '@tanstack/react-query';
import { APP_VERSION, CALLS } from '@wallet/contract/core';
import { callApi } from './client';

export const serverInfoQuery = queryOptions({
  queryKey: ['public', 'getlang'],
  queryFn: () => callApi(CALLS.getLang, {}, { quiet: true }),
  staleTime: 5 * 60_000,
});

export const versionCheckQuery = queryOptions({
  queryKey: ['public', 'versionUp', APP_VERSION.versionCode],
  queryFn: () => callApi(CALLS.versionUp, { ...APP_VERSION }, { quiet: true }),
  staleTime: Infinity,
});

/** Asks now, past the cached answer: the user tapped "check for updates". */
export function checkVersionNow() {
  return callApi(CALLS.versionUp, { ...APP_VERSION });
}
