import type { Page } from '@playwright/test';
import { appCall, registerAccount, type Account } from '../support/api';
import { endedDaysAgo, feedbackFrom, gradientPng, publish, removeContent, replyToFeedback, runningFor, uploadAsOperator, type ContentItem } from '../support/content';
import { expect, test } from '../support/fixtures';
import { createQuickProject, disableProject, waitForDraw, waitForOpenPeriod, type QuickProject } from '../support/game';
import { fundedBy, shownAmount } from '../support/money';
import { saveScreenshot } from '../support/screenshots';
import { openRechargeChannel } from '../support/settings';

/** The balance at a glance: 1 250 and the random tenth of the recharge, as the reader's language shows money. */
async function expectGlanceBalance(page: Page, lang: string): Promise<void> {
  const shown = Array.from({ length: 10 }, (_, tenth) => shownAmount(`1250.${tenth}0`, lang));
  await expect.poll(async () => shown.includes((await page.getByTestId('glance-balance').textContent()) ?? '')).toBe(true);
}

type Lang = 'en' | 'ar';

/** What the content screens say, as a reader of each language sees them. */
const TEXT = {
  en: {
    dir: 'ltr',
    home: 'Home',
    activities: 'Activities',
    activity: 'Activity details',
    notices: 'Notices',
    notice: 'Notice details',
    about: 'About us',
    feedback: 'Feedback',
    mine: 'Mine',
    running: 'Running',
    ended: 'Ended',
    pinned: 'Pinned',
    balance: 'Balance',
    signIn: 'Log in to get started',
    reply: 'Reply',
    newMark: 'New',
    bannerTitle: 'Double credit points all weekend',
    noticeTitle: 'New withdrawal hours',
    runningTitle: 'Weekend credit points',
    endedTitle: 'Spring lucky draw',
  },
  ar: {
    dir: 'rtl',
    home: 'الرئيسية',
    activities: 'الفعاليات',
    activity: 'تفاصيل الفعالية',
    notices: 'الإعلانات',
    notice: 'تفاصيل الإعلان',
    about: 'من نحن',
    feedback: 'الملاحظات والاقتراحات',
    mine: 'حسابي',
    running: 'جارية',
    ended: 'انتهت',
    pinned: 'مثبّت',
    balance: 'الرصيد',
    signIn: 'سجّل الدخول لتبدأ',
    reply: 'الرد',
    newMark: 'جديد',
    bannerTitle: 'نقاط ائتمان مضاعفة طوال عطلة نهاية الأسبوع',
    noticeTitle: 'مواعيد السحب الجديدة',
    runningTitle: 'نقاط ائتمان عطلة نهاية الأسبوع',
    endedTitle: 'سحب الربيع',
  },
} as const;

const NOTICE_HTML = `<p>From Monday, withdrawals are reviewed every day from 08:00 to 22:00.</p>
<table><thead><tr><th>Day</th><th>Review hours</th><th>Paid out within</th></tr></thead>
<tbody><tr><td>Monday to Friday</td><td>08:00–22:00</td><td>2 hours</td></tr><tr><td>Saturday and Sunday</td><td>10:00–20:00</td><td>4 hours</td></tr></tbody></table>
<p>Questions? Contact customer service from the Mine tab.</p>`;
const NOTICE_HTML_AR = `<p>اعتبارًا من يوم الاثنين، تُراجع طلبات السحب يوميًا من 08:00 إلى 22:00.</p>
<table><thead><tr><th>اليوم</th><th>ساعات المراجعة</th><th>الدفع خلال</th></tr></thead>
<tbody><tr><td>من الاثنين إلى الجمعة</td><td>08:00–22:00</td><td>ساعتان</td></tr><tr><td>السبت والأحد</td><td>10:00–20:00</td><td>4 ساعات</td></tr></tbody></table>
<p>لديك أسئلة؟ تواصل مع خدمة العملاء من تبويب حسابي.</p>`;

const ABOUT_AR = '<p>نقدّم محفظة ولعبة نرد يمكن التحقق من نزاهتها. كل سنت في حسابك مسجّل في دفتر قيد مزدوج، ويمكن التحقق من كل سحب في متصفحك.</p>';

let account: Account;
/** Draws every 10 s: the home cards show a result. */
let quick: QuickProject;
const created: ContentItem[] = [];
/** The about page as the test found it, put back afterwards. */
let about: ContentItem | undefined;
let running: ContentItem;
let ended: ContentItem;
let notice: ContentItem;

test.beforeAll(async ({ operator }) => {
  test.setTimeout(90_000);
  await openRechargeChannel(operator);
  account = await registerAccount('contentshots');
  quick = await createQuickProject(operator, 'Fast 3 · 10 s');
  await fundedBy(account.token, operator, '1250');
  const cover = await uploadAsOperator(operator, gradientPng(640, 280, [255, 122, 69], [22, 119, 255]));

  notice = await publish(operator, {
    kind: 'notice',
    title: TEXT.en.noticeTitle,
    content: NOTICE_HTML,
    ticker: true,
    translations: { ar: { title: TEXT.ar.noticeTitle, content: NOTICE_HTML_AR } },
  });
  running = await publish(operator, {
    kind: 'activity',
    title: TEXT.en.runningTitle,
    content: '<p>Every order placed on Saturday and Sunday earns double credit points.</p><ul><li>All projects take part.</li><li>Points are added with each draw.</li></ul>',
    cover,
    ...runningFor(5),
    translations: {
      ar: { title: TEXT.ar.runningTitle, content: '<p>كل طلب يُقدَّم يومي السبت والأحد يكسب نقاط ائتمان مضاعفة.</p><ul><li>تشارك جميع المشاريع.</li><li>تُضاف النقاط مع كل سحب.</li></ul>' },
    },
  });
  ended = await publish(operator, {
    kind: 'activity',
    title: TEXT.en.endedTitle,
    content: '<p>Thank you for taking part. The winners were told by e-mail.</p>',
    ...endedDaysAgo(3),
    translations: { ar: { title: TEXT.ar.endedTitle, content: '<p>شكرًا لمشاركتك. أُبلغ الفائزون عبر البريد الإلكتروني.</p>' } },
  });
  const banner = await publish(operator, {
    kind: 'banner',
    title: TEXT.en.bannerTitle,
    content: '',
    link: `activity:${running.id}`,
    sort: -1,
    translations: { ar: { title: TEXT.ar.bannerTitle, content: '' } },
  });
  created.push(notice, running, ended, banner);
  about = (await operator.call('/admin/api/content/list', { kind: 'about', page: 1, pageSize: 1 })).items[0];
  if (about)
    await publish(operator, {
      id: about.id,
      kind: 'about',
      title: about.title,
      content: about.content,
      translations: { ...about.translations, ar: { title: 'من نحن', content: ABOUT_AR } },
    });

  const sent = await appCall('/api/feedback/submit', { email: 'reader@example.com', content: 'Could the order records show the dice of each period?' }, account.token);
  expect(sent.code).toBe(200);
  await replyToFeedback(operator, (await feedbackFrom(operator, account.username)).id, 'Good idea: each settled order now shows its three dice and their sum.');
  const period = await waitForOpenPeriod(account.token, quick.id, 0);
  await waitForDraw(account.token, quick.id, period.periodNo);
});

test.afterAll(async ({ operator }) => {
  await disableProject(operator, quick);
  for (const item of created) await removeContent(operator, item.id);
  if (about) await publish(operator, { id: about.id, kind: 'about', title: about.title, content: about.content, translations: about.translations });
});

/** Opens a page in the language, signed in as the test's account unless `signedIn` is false. */
async function openAs(page: Page, lang: Lang, path: string, signedIn = true): Promise<void> {
  await page.addInitScript(
    ([language, token]) => {
      localStorage.setItem('lang', language);
      if (token) localStorage.setItem('token', token);
    },
    [lang, signedIn ? account.token : null] as const,
  );
  await page.goto(`./#${path}`);
  await expect(page.locator('html')).toHaveAttribute('dir', TEXT[lang].dir);
}

/** Once the fonts and pictures are in: a screenshot before them shows fallback glyphs or gaps. */
async function shoot(page: Page, name: string, fullPage = false): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForLoadState('networkidle');
  await saveScreenshot(page, name, { fullPage });
}

/** Nothing wider than the phone: no sideways scrolling anywhere on the page. */
async function expectNoOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'page wider than the screen').toBeLessThanOrEqual(0);
}

const title = (page: Page) => page.locator('.adm-nav-bar-title');

for (const lang of ['en', 'ar'] as const) {
  const text = TEXT[lang];

  test(`home signed in, in ${lang}`, async ({ page }) => {
    await openAs(page, lang, '/');
    await expect(page.locator('.app-tab-header h1')).toHaveText(text.home);
    await expect(page.getByTestId('banner-swiper')).toBeVisible();
    await expect(page.getByTestId('ticker-item').filter({ hasText: text.noticeTitle })).toHaveCount(1);
    await expectGlanceBalance(page, lang);
    await expect(page.getByTestId('balance-glance')).toContainText(text.balance);
    // A card shows its countdown, or that its period is being drawn (a late draw on a busy machine).
    const firstCard = page.getByTestId('home-project').first();
    await expect(firstCard.getByTestId('home-countdown').or(firstCard.locator('[data-phase="drawing"]'))).toBeVisible();
    await expectNoOverflow(page);
    await shoot(page, `content-home-${lang}`);
    const quickCard = page.locator(`[data-testid="home-project"][data-id="${quick.id}"]`);
    await expect(quickCard.getByTestId('home-last-result').locator('[data-dice]')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await shoot(page, `content-home-projects-${lang}`);
    await page.evaluate(() => window.scrollTo(0, 0));

    // The next banner comes in from the reading side and the swiper goes round to the first again.
    const swiper = page.getByTestId('banner-swiper');
    const shown = async (id: string) => {
      const [slide, frame] = await Promise.all([page.locator(`[data-testid="banner"][data-id="${id}"]`).boundingBox(), swiper.boundingBox()]);
      return Boolean(slide && frame && Math.abs(slide.x - frame.x) < 2);
    };
    await expect.poll(() => shown('welcome-banner'), { timeout: 8_000 }).toBe(true);
    await expect.poll(() => shown(created[3]!.id), { timeout: 8_000 }).toBe(true);
  });

  test(`home signed out, in ${lang}`, async ({ page }) => {
    await openAs(page, lang, '/', false);
    await expect(page.getByTestId('sign-in-prompt')).toContainText(text.signIn);
    await expect(page.getByTestId('balance-glance')).toHaveCount(0);
    await expect(page.getByTestId('home-project').first()).toBeVisible();
    await expectNoOverflow(page);
    await shoot(page, `content-home-signed-out-${lang}`);
  });

  test(`activities and an activity, in ${lang}`, async ({ page }) => {
    await openAs(page, lang, '/pages/notice/activity');
    await expect(page.locator('.app-tab-header h1')).toHaveText(text.activities);
    const runningCard = page.locator(`[data-testid="activity-item"][data-id="${running.id}"]`);
    const endedCard = page.locator(`[data-testid="activity-item"][data-id="${ended.id}"]`);
    await expect(runningCard.getByTestId('activity-title')).toHaveText(text.runningTitle);
    await expect(runningCard.getByTestId('activity-state')).toHaveText(text.running);
    await expect(endedCard.getByTestId('activity-state')).toHaveText(text.ended);
    await expectNoOverflow(page);
    await shoot(page, `content-activities-${lang}`);

    await runningCard.click();
    await expect(title(page)).toHaveText(text.activity);
    await expect(page.getByTestId('document-title')).toHaveText(text.runningTitle);
    await expectNoOverflow(page);
    await shoot(page, `content-activity-${lang}`);
  });

  test(`notices and a notice, in ${lang}`, async ({ page }) => {
    await openAs(page, lang, '/pages/notice/nolist');
    await expect(title(page)).toHaveText(text.notices);
    await expect(page.getByTestId('notice-item').first().getByTestId('pinned-tag')).toHaveText(text.pinned);
    const row = page.locator(`[data-testid="notice-item"][data-id="${notice.id}"]`);
    await expect(row.getByTestId('notice-title')).toHaveText(text.noticeTitle);
    await expectNoOverflow(page);
    await shoot(page, `content-notices-${lang}`);

    await row.click();
    await expect(title(page)).toHaveText(text.notice);
    await expect(page.getByTestId('document-content').locator('table')).toBeVisible();
    // The table scrolls inside the text; the page itself never scrolls sideways.
    await expectNoOverflow(page);
    await shoot(page, `content-notice-${lang}`);
  });

  test(`about us, in ${lang}`, async ({ page }) => {
    await openAs(page, lang, '/pages/myindex/about', false);
    await expect(title(page)).toHaveText(text.about);
    await expect(page.getByTestId('document-content')).toContainText(/\p{L}{3,}/u);
    await shoot(page, `content-about-${lang}`);
  });

  test(`feedback with a reply, in ${lang}`, async ({ page }) => {
    await openAs(page, lang, '/pages/myindex/feedback');
    await expect(title(page)).toHaveText(text.feedback);
    const reply = page.getByTestId('feedback-reply').first();
    await expect(reply).toContainText(text.reply);
    await expect(page.getByTestId('feedback-content-count')).toHaveText('0/500');
    await expectNoOverflow(page);
    await shoot(page, `content-feedback-${lang}`, true);
  });

  test(`mine with the money at a glance, in ${lang}`, async ({ page }) => {
    await openAs(page, lang, '/pages/myindex/user');
    await expect(page.locator('.app-tab-header h1')).toHaveText(text.mine);
    await expectGlanceBalance(page, lang);
    await expect(page.getByTestId('unread-notices')).toHaveText(/^\d+$/);
    await expect(page.getByTestId('menu-about')).toHaveText(text.about);
    await expectNoOverflow(page);
    await shoot(page, `content-mine-${lang}`);
  });
}
