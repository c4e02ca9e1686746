import { queryOptions } from '@tanstack/react-query';
import { APP_VERSION, CALLS } from '@wallet/contract/core';
import { pageMetaJson } from './app-config';
import { callApi } from './client';
import { queryClient } from './query-client';
import { releaseStore } from './storage';

const askServerInfo = () => callApi(CALLS.getLang, {}, { quiet: true });

export const serverInfoQuery = queryOptions({
  queryKey: ['public', 'getlang'],
  queryFn: askServerInfo,
  staleTime: 5 * 60_000,
});

type ServerInfo = Awaited<ReturnType<typeof askServerInfo>>;

/**
 * getlang's answer as the server put it into the page when it sent it (`at`, its clock). A page the
 * service worker kept carries an older one: as old as it is, it counts as asked then.
 */
export function takeServerInfoFromPage(): ServerInfo | undefined {
  const { at, ...info } = (pageMetaJson('wallet-server-info') ?? {}) as Partial<ServerInfo> & { at?: unknown };
  // A page not filled by our server: the app asks.
  if (typeof info.lang !== 'string' || typeof at !== 'number') return undefined;
  const complete = info as ServerInfo;
  queryClient.setQueryData(serverInfoQuery.queryKey, complete, { updatedAt: Math.min(at, Date.now()) });
  return complete;
}

export interface Release {
  version: string;
  versionCode: number;
}

/**
 * The release this app runs: the build's own, or a newer one the operator
 * published that the user updated to (or that was current when the app came
 * fresh from the server). A web app has no version of its own beyond the
 * build the server sends, so once it has a release it is never offered it again.
 */
export function runningRelease(): Release {
  try {
    const stored = JSON.parse(releaseStore.get() ?? 'null') as Partial<Release> | null;
    if (typeof stored?.version === 'string' && typeof stored.versionCode === 'number' && stored.versionCode > APP_VERSION.versionCode) {
      return { version: stored.version, versionCode: stored.versionCode };
    }
  } catch {
    // an unreadable entry is no release
  }
  return { ...APP_VERSION };
}

export function rememberRunningRelease({ version, versionCode }: Release): void {
  releaseStore.set(JSON.stringify({ version, versionCode }));
}

export const versionCheckQuery = queryOptions({
  queryKey: ['public', 'versionUp'],
  queryFn: () => callApi(CALLS.versionUp, runningRelease(), { quiet: true }),
  staleTime: Infinity,
});

/** Asks now, past the cached answer: the user tapped "check for updates". */
export function checkVersionNow() {
  return callApi(CALLS.versionUp, runningRelease());
}
