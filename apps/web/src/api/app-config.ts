import type { SigningKey } from '@wallet/contract/core';

/** The JSON the server put into a meta tag of index.html; undefined on a page it did not fill (the development server's). */
export function pageMetaJson(name: string): unknown {
  try {
    return JSON.parse(document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '') as unknown;
  } catch {
    return undefined;
  }
}

/** The app id and signing key the server put into index.html. */
export function readAppConfig(): SigningKey {
  const parsed = (pageMetaJson('wallet-config') ?? {}) as Partial<SigningKey>;
  if (parsed.appId && parsed.keyId && parsed.key) return { appId: parsed.appId, keyId: parsed.keyId, key: parsed.key };
  throw new Error('The app was opened without its configuration; open it through the server.');
}
