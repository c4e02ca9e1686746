import type { SigningKey } from '@wallet/contract/core';

/** The app id and signing key the server put into index.html. */
export function readAppConfig(): SigningKey {
  const content = document.querySelector<HTMLMetaElement>('meta[name="wallet-config"]')?.content ?? '';
  try {
    const parsed = JSON.parse(content) as Partial<SigningKey>;
    if (parsed.appId && parsed.keyId && parsed.key) return { appId: parsed.appId, keyId: parsed.keyId, key: parsed.key };
  } catch {
    // fall through: the page was not served by our server
  }
  throw new Error('The app was opened without its configuration; open it through the server.');
}
