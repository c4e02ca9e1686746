import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { appCall } from '../support/api';
import { feedbackFrom, gradientPng, publish, removeContent, replyToFeedback } from '../support/content';
import { createQuickProject, disableProject } from '../support/game';
import { expect, latestToast, test } from '../support/fixtures';
import { openFresh } from '../support/open-app';
import { signInNewAccount } from '../support/session';

const title = (page: Page) => page.locator('.adm-nav-bar-title');
const unreadNotices = (page: Page) => page.getByTestId('unread-notices');

/**
 * Opens a page of the app in a language, as after choosing it: the app reads the stored language when it starts.
 * The page is a new load of the app in every case, whatever the page showed before, through `openFresh`.
 */
async function openIn(page: Page, lang: 'en' | 'ar', path: string): Promise<void> {
  await openFresh(page, path, { lang });
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

test('a notice published in English and Arabic shows in each language with an unread dot, and opening it clears the dot', async ({ page, operator }) => {
  const tag = randomBytes(3).toString('hex');
  const notice = await publish(operator, {
    kind: 'notice',
    title: `Maintenance on Sunday ${tag}`,
    content: '<p>The service pauses from 02:00 to 03:00.</p><p><a href="https://example.com/status">Status page</a></p>',
    translations: { ar: { title: `صيانة يوم الأحد ${tag}`, content: '<p>تتوقف الخدمة من الساعة 02:00 إلى 03:00.</p>' } },
  });

  await signInNewAccount(page, 'notices');
  await openIn(page, 'en', '/pages/myindex/user');
  // A new account has read nothing: every published notice counts, this one among them.
  await expect(unreadNotices(page)).toHaveText(/^\d+$/);
  const before = Number(await unreadNotices(page).textContent());
  expect(before).toBeGreaterThanOrEqual(2);

  await page.getByTestId('menu-notices').click();
  await expect(title(page)).toHaveText('Notices');
  const row = page.locator(`[data-testid="notice-item"][data-id="${notice.id}"]`);
  await expect(row.getByTestId('notice-title')).toHaveText(`Maintenance on Sunday ${tag}`);
  await expect(row.getByTestId('unread-dot')).toBeVisible();
  // The welcome notice is pinned: it stays first, marked so.
  await expect(page.getByTestId('notice-item').first()).toHaveAttribute('data-id', 'welcome');
  await expect(page.getByTestId('notice-item').first().getByTestId('pinned-tag')).toHaveText('Pinned');

  // The same notice in Arabic, the page right to left.
  await openIn(page, 'ar', '/pages/notice/nolist');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(row.getByTestId('notice-title')).toHaveText(`صيانة يوم الأحد ${tag}`);
  await expect(row.getByTestId('unread-dot')).toBeVisible();

  // Opening it marks it read, once.
  const marked = page.waitForResponse((response) => response.url().endsWith('/api/notice/read'));
  await row.click();
  await expect(page).toHaveURL(new RegExp(`#/pages/notice/index\\?id=${notice.id}$`));
  await expect(page.getByTestId('document-title')).toHaveText(`صيانة يوم الأحد ${tag}`);
  await expect(page.getByTestId('document-content')).toContainText('تتوقف الخدمة');
  expect((await marked).status()).toBe(200);

  await page.locator('.adm-nav-bar-back').click();
  await expect(row).toHaveAttribute('data-unread', 'false');
  await expect(row.getByTestId('unread-dot')).toHaveCount(0);

  await openIn(page, 'en', '/pages/myindex/user');
  await expect(unreadNotices(page)).toHaveText(String(before - 1));
});

test('the notice page without an id shows the list of notices', async ({ page }) => {
  await page.goto('./#/pages/notice/index');
  await expect(page).toHaveURL(/#\/pages\/notice\/nolist$/);
  await expect(title(page)).toHaveText('Notices');
  await expect(page.getByTestId('notice-item').first()).toBeVisible();
});

test('feedback: the seed messages for empty and short text, then the operator reply with its new mark', async ({ page, operator }) => {
  test.setTimeout(60_000);
  const account = await signInNewAccount(page, 'feedback');
  await page.goto('./#/pages/myindex/feedback');
  await expect(title(page)).toHaveText('Feedback');
  await expect(page.getByTestId('feedback-limit')).toHaveText('You can send up to 5 feedback messages a day. Replies appear below, under My feedback.');
  await expect(page.getByTestId('my-feedback').or(page.getByTestId('empty-state'))).toBeVisible();

  // Checked before sending, with the seed's words; the server answers the same. Presses come 500 ms apart: one sooner is ignored (the seed's throttle).
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/feedback/submit')) sent.push(request.url());
  });
  await page.getByLabel('E-mail').fill('reader@example.com');
  await page.getByTestId('feedback-submit').click();
  await expect(page.getByRole('alert')).toHaveText('The email content cannot be empty.');
  await page.getByTestId('feedback-content').fill('Too short');
  await page.waitForTimeout(500);
  await page.getByTestId('feedback-submit').click();
  await expect(page.getByRole('alert')).toHaveText('Content should be no less than 15 characters.');
  expect(sent).toEqual([]);
  const server = await appCall<{ fields: Record<string, string> }>('/api/feedback/submit', { email: 'reader@example.com', content: 'Too short' }, account.token);
  expect(server.data.fields['content']).toBe('Content should be no less than 15 characters.');

  // A valid one, with a picture; the count is in characters as people count them.
  const text = 'The withdrawal page could show the fee earlier 👍';
  await page.getByTestId('feedback-content').fill(text);
  await expect(page.getByTestId('feedback-content-count')).toHaveText(`${[...text].length}/500`);
  await page.getByTestId('feedback-image-file').setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: gradientPng(60, 40, [22, 119, 255], [255, 255, 255]) });
  await expect(page.getByTestId('feedback-images').locator('img')).toHaveCount(1);
  await page.waitForTimeout(500);
  await page.getByTestId('feedback-submit').click();
  await expect(latestToast(page)).toHaveText('Thank you! Your feedback was sent.');
  await expect(page.getByTestId('feedback-content')).toHaveValue('');
  const mine = page.getByTestId('feedback-item').first();
  await expect(mine.getByTestId('feedback-text')).toHaveText(text);
  await expect(mine.locator('img')).toHaveCount(1);
  await expect(mine.getByTestId('feedback-waiting')).toHaveText('Waiting for a reply');

  // The operator answers; Mine shows that something new waits.
  const feedback = await feedbackFrom(operator, account.username);
  await replyToFeedback(operator, feedback.id, 'Thanks, the fee now shows as soon as you type the amount.');
  await page.goto('./#/pages/myindex/user');
  await expect(page.getByTestId('unread-replies')).toBeVisible();
  await page.getByTestId('menu-feedback').click();
  await expect(mine.getByTestId('feedback-reply-text')).toHaveText('Thanks, the fee now shows as soon as you type the amount.');
  await expect(mine.getByTestId('reply-new')).toHaveText('New');

  // Seen once, the reply is no longer new, and Mine's mark is gone.
  await page.locator('.adm-nav-bar-back').click();
  await expect(page.getByTestId('menu-feedback')).toBeVisible();
  await expect(page.getByTestId('unread-replies')).toHaveCount(0);
});

test('tapping the home banner opens the welcome notice', async ({ page }) => {
  await page.goto('./#/');
  const banner = page.locator('[data-testid="banner"][data-id="welcome-banner"]');
  await expect(banner).toHaveText('Provably fair dice: check every draw yourself');
  await banner.click();
  await expect(page).toHaveURL(/#\/pages\/notice\/index\?id=welcome$/);
  await expect(page.getByTestId('document-title')).toHaveText('Welcome');
});

test("home counts down each project on the server's clock and shows each draw as it comes, without a reload", async ({ page, operator }) => {
  test.setTimeout(60_000);
  const project = await createQuickProject(operator, 'Home dice');
  try {
    // The phone's clock is four minutes fast (calls still pass the 5-minute check): the countdown follows the server's.
    await page.clock.install({ time: Date.now() + 4 * 60_000 });
    await page.goto('./#/');
    const card = page.locator(`[data-testid="home-project"][data-id="${project.id}"]`);
    await expect(card.getByTestId('home-countdown')).toHaveText(/^0:(0\d|10)$/, { timeout: 15_000 });
    const lastDice = card.getByTestId('home-last-result').locator('[data-dice]');
    await expect(lastDice).toHaveAttribute('data-dice', /^[1-6],[1-6],[1-6]$/, { timeout: 25_000 });
    const firstPeriod = await card.getByTestId('home-last-result').locator('bdi').first().textContent();
    await expect(card.getByTestId('home-last-result').locator('bdi').first()).not.toHaveText(firstPeriod ?? '', { timeout: 15_000 });
    await card.click();
    await expect(page).toHaveURL(new RegExp(`#/pages/game/dice\\?project=${project.id}$`));
  } finally {
    await disableProject(operator, project);
  }
});

test('an ended activity is listed as ended, a running one as running', async ({ page, operator }) => {
  const tag = randomBytes(3).toString('hex');
  const now = Date.now();
  const running = await publish(operator, { kind: 'activity', title: `Weekend bonus ${tag}`, content: '<p>Runs all weekend.</p>', publishAt: now - 60_000, expiresAt: now + 86_400_000 });
  const ended = await publish(operator, { kind: 'activity', title: `Spring draw ${tag}`, content: '<p>Over.</p>', publishAt: now - 10 * 86_400_000, expiresAt: now - 86_400_000 });
  try {
    await page.goto('./#/pages/notice/activity');
    await expect(page.locator(`[data-testid="activity-item"][data-id="${running.id}"]`).getByTestId('activity-state')).toHaveText('Running');
    await expect(page.locator(`[data-testid="activity-item"][data-id="${ended.id}"]`).getByTestId('activity-state')).toHaveText('Ended');
    await page.locator(`[data-testid="activity-item"][data-id="${running.id}"]`).click();
    await expect(title(page)).toHaveText('Activity details');
    await expect(page.getByTestId('document-title')).toHaveText(`Weekend bonus ${tag}`);
    await page.locator('.adm-nav-bar-back').click();
    await expect(page).toHaveURL(/#\/pages\/notice\/activity$/);
  } finally {
    await removeContent(operator, running.id);
    await removeContent(operator, ended.id);
  }
});
