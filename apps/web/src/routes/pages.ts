import type { ComponentType } from 'react';
import { matchPath } from 'react-router';
import { MessagesBell } from '../pages/myindex/messages/bell';
import { hasSession } from '../api/session';
import { prefetchHome } from '../pages/home/prefetch';
import { lazyPageBody, type LazyPageBody } from './lazy-body';
import { PATHS, type TabKey } from '../navigation/paths';

export interface PageDefinition {
  path: string;
  /** i18n key of the page name, shown in the nav bar and the document title. */
  titleKey: string;
  /** Tab pages show the tab bar; the rest show a nav bar with back. */
  tab?: TabKey;
  /** Where back leads when the page was opened directly (no history). */
  parent?: string;
  /** Only for a signed-in user: without a session the login page opens instead. */
  signedIn?: boolean;
  /** Tab pages: what sits at the end of the tab's header (the messages bell). */
  headerAction?: ComponentType;
  body: LazyPageBody;
  /** Asks for what the page shows first while its chunk downloads, rather than once it has rendered. */
  prefetch?: (language: string) => void;
}

export const PAGES: PageDefinition[] = [
  { path: PATHS.home, titleKey: 'pages.home', tab: 'home', headerAction: MessagesBell, body: lazyPageBody(() => import('../pages/home'), { firstScreen: true }),
    prefetch: prefetchHome,
  },
  { path: PATHS.login, titleKey: 'pages.login', parent: PATHS.home, body: lazyPageBody(() => import('../pages/login/login'), { firstScreen: true }) },
  { path: PATHS.register, titleKey: 'pages.register', parent: PATHS.login, body: lazyPageBody(() => import('../pages/login/reg')) },
  { path: PATHS.forgotPassword, titleKey: 'pages.forgotPassword', parent: PATHS.login, body: lazyPageBody(() => import('../pages/login/set')) },
  { path: PATHS.recharge, titleKey: 'pages.recharge', parent: PATHS.assets, signedIn: true, body: lazyPageBody(() => import('../pages/money/recharge')) },
  { path: PATHS.withdraw, titleKey: 'pages.withdraw', parent: PATHS.assets, signedIn: true, body: lazyPageBody(() => import('../pages/money/widht')) },
  { path: PATHS.rechargeRecords, titleKey: 'pages.rechargeRecords', parent: PATHS.assets, signedIn: true, body: lazyPageBody(() => import('../pages/money/recharge_list')) },
  { path: PATHS.withdrawRecords, titleKey: 'pages.withdrawRecords', parent: PATHS.assets, signedIn: true, body: lazyPageBody(() => import('../pages/money/widht_list')) },
  { path: PATHS.assets, titleKey: 'pages.assets', parent: PATHS.mine, signedIn: true, body: lazyPageBody(() => import('../pages/money/assets')) },
  { path: PATHS.statement, titleKey: 'pages.statement', parent: PATHS.assets, signedIn: true, body: lazyPageBody(() => import('../pages/money/statement')) },
  { path: PATHS.dice, titleKey: 'pages.dice', tab: 'project', body: lazyPageBody(() => import('../pages/game/dice')) },
  { path: PATHS.diceHistory, titleKey: 'pages.diceHistory', parent: PATHS.dice, signedIn: true, body: lazyPageBody(() => import('../pages/game/history')) },
  { path: PATHS.orderRecords, titleKey: 'pages.orderRecords', parent: PATHS.dice, body: lazyPageBody(() => import('../pages/game/take_notes')) },
  { path: PATHS.chases, titleKey: 'pages.chases', parent: PATHS.orderRecords, signedIn: true, body: lazyPageBody(() => import('../pages/game/chases')) },
  { path: PATHS.activities, titleKey: 'pages.activities', tab: 'activity', body: lazyPageBody(() => import('../pages/notice/activity')) },
  { path: PATHS.activityDetail, titleKey: 'pages.activityDetail', parent: PATHS.activities, body: lazyPageBody(() => import('../pages/notice/activity-detail')) },
  { path: PATHS.noticeDetail, titleKey: 'pages.noticeDetail', parent: PATHS.noticeList, body: lazyPageBody(() => import('../pages/notice/index')) },
  { path: PATHS.noticeList, titleKey: 'pages.notices', parent: PATHS.mine, body: lazyPageBody(() => import('../pages/notice/nolist')) },
  { path: PATHS.settings, titleKey: 'pages.settings', parent: PATHS.mine, body: lazyPageBody(() => import('../pages/myindex/setting')) },
  { path: PATHS.payPassword, titleKey: 'pages.payPassword', parent: PATHS.settings, signedIn: true, body: lazyPageBody(() => import('../pages/myindex/pass')) },
  { path: PATHS.loginPassword, titleKey: 'pages.loginPassword', parent: PATHS.settings, signedIn: true, body: lazyPageBody(() => import('../pages/myindex/password')) },
  { path: PATHS.mine, titleKey: 'pages.mine', tab: 'mine', headerAction: MessagesBell, body: lazyPageBody(() => import('../pages/myindex/user')) },
  { path: PATHS.feedback, titleKey: 'pages.feedback', parent: PATHS.mine, body: lazyPageBody(() => import('../pages/myindex/feedback')) },
  { path: PATHS.about, titleKey: 'pages.about', parent: PATHS.mine, body: lazyPageBody(() => import('../pages/myindex/about')) },
  { path: PATHS.messages, titleKey: 'pages.messages', parent: PATHS.mine, signedIn: true, body: lazyPageBody(() => import('../pages/myindex/messages')) },
  { path: PATHS.contact, titleKey: 'pages.contact', parent: PATHS.mine, signedIn: true, body: lazyPageBody(() => import('../pages/myindex/contact')) },
  { path: PATHS.protection, titleKey: 'pages.protection', parent: PATHS.mine, signedIn: true, body: lazyPageBody(() => import('../pages/myindex/protection')) },
];

export const NOT_FOUND_PAGE: PageDefinition = {
  path: '*',
  titleKey: 'pages.notFound',
  parent: PATHS.home,
  body: lazyPageBody(() => import('../pages/not-found')),
};

/** The page `pathname` opens, or the login page that stands in for a signed-in page without a session. */
function pageShownAt(pathname: string): PageDefinition {
  const page = PAGES.find((candidate) => matchPath(candidate.path, pathname)) ?? NOT_FOUND_PAGE;
  return page.signedIn && !hasSession() ? PAGES.find((candidate) => candidate.path === PATHS.login)! : page;
}

/** Starts downloading the page `pathname` opens. */
export function preloadPageAt(pathname: string): void {
  pageShownAt(pathname).body.preload();
}

/** Starts asking for what the page `pathname` opens shows first, in the reader's language. */
export function prefetchPageDataAt(pathname: string, language: string): void {
  pageShownAt(pathname).prefetch?.(language);
}
