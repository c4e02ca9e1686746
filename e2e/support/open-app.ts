import type { Page } from '@playwright/test';

/**
 * Opens `path` of the app as a new load of the app, with `stored` in its local
 * storage before any of the app's code runs: as a user who comes back to the
 * app after, say, choosing a language.
 *
 * Not `page.goto('./#' + path)` on a page that already shows the app, and not
 * that followed by `page.reload()`:
 * - A goto that changes only the hash stays in the same document, and
 *   Playwright takes the first same-document navigation of the page while it
 *   navigates as the goto's end, whoever made it. The app's router makes one
 *   when it starts (`history.replaceState`, numbering the entry), which on a
 *   first visit comes only once the server has said its language; the relaunch
 *   after a sign-in and the redirects make others. So the goto can return
 *   before the hash has moved, and a reload right after it reloads the page the
 *   app was on: the Home page, for a test that started on `./#/`.
 * - Storage written with `page.evaluate` into a page whose app is still
 *   starting can be written over: with no language stored, the app stores the
 *   server's default when the server answers.
 * So: about:blank first, which ends the app's page and whatever it still had
 * to do; then the app anew, a new document that Playwright waits for as such.
 * The storage comes from an init script that goes once the page has loaded, so
 * a later reload keeps what the app stored since. Init scripts run in
 * about:blank too, where storage throws: theirs must skip it (see session.ts).
 */
export async function openFresh(page: Page, path: string, stored: Record<string, string> = {}): Promise<void> {
  await page.goto('about:blank');
  const seed = await page.addInitScript((entries) => {
    for (const [key, value] of entries) localStorage.setItem(key, value);
  }, Object.entries(stored));
  try {
    await page.goto(`./#${path}`);
  } finally {
    await seed.dispose();
  }
}
