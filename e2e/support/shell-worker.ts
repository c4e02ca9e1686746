import type { Page } from '@playwright/test';

/** Waits until the app's service worker controls `page`: from then on a reload starts from the kept build. */
export async function waitForShellWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Every address the app's caches hold. */
export function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(request.url);
    }
    return urls;
  });
}

/** What a user coming back to the app triggers: the app asks the server whether a new build is out. */
export async function returnToApp(page: Page): Promise<void> {
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
}
