import type { ComponentType } from 'react';
import { PATHS, type TabKey } from './paths';

export interface PageDefinition {
  path: string;
  /** i18n key of the page name, shown in the nav bar and the document title. */
  titleKey: string;
  /** Tab pages show the tab bar; the rest show a nav bar with back. */
  tab?: TabKey;
  /** Where back leads when the page was opened directly (no history). */
  parent?: string;
  load: () => Promise<{ default: ComponentType }>;
}

export const PAGES: PageDefinition[] = [
  { path: PATHS.home, titleKey: 'pages.home', tab: 'home', load: () => import('../pages/home') },
  { path: PATHS.login, titleKey: 'pages.login', parent: PATHS.home, load: () => import('../pages/login/login') },
  { path: PATHS.register, titleKey: 'pages.register', parent: PATHS.login, load: () => import('../pages/login/reg') },
  { path: PATHS.forgotPassword, titleKey: 'pages.forgotPassword', parent: PATHS.login, load: () => import('../pages/login/set') },
  { path: PATHS.recharge, titleKey: 'pages.recharge', parent: PATHS.assets, load: () => import('../pages/money/recharge') },
  { path: PATHS.withdraw, titleKey: 'pages.withdraw', parent: PATHS.assets, load: () => import('../pages/money/widht') },
  { path: PATHS.rechargeRecords, titleKey: 'pages.rechargeRecords', parent: PATHS.assets, load: () => import('../pages/money/recharge_list') },
  { path: PATHS.withdrawRecords, titleKey: 'pages.withdrawRecords', parent: PATHS.assets, load: () => import('../pages/money/widht_list') },
  { path: PATHS.assets, titleKey: 'pages.assets', parent: PATHS.mine, load: () => import('../pages/money/assets') },
  { path: PATHS.dice, titleKey: 'pages.dice', tab: 'project', load: () => import('../pages/game/dice') },
  { path: PATHS.orderRecords, titleKey: 'pages.orderRecords', parent: PATHS.dice, load: () => import('../pages/game/take_notes') },
  { path: PATHS.activities, titleKey: 'pages.activities', tab: 'activity', load: () => import('../pages/notice/activity') },
  { path: PATHS.notices, titleKey: 'pages.notices', parent: PATHS.home, load: () => import('../pages/notice/index') },
  { path: PATHS.noticeList, titleKey: 'pages.noticeList', parent: PATHS.notices, load: () => import('../pages/notice/nolist') },
  { path: PATHS.settings, titleKey: 'pages.settings', parent: PATHS.mine, load: () => import('../pages/myindex/setting') },
  { path: PATHS.payPassword, titleKey: 'pages.payPassword', parent: PATHS.settings, load: () => import('../pages/myindex/pass') },
  { path: PATHS.loginPassword, titleKey: 'pages.loginPassword', parent: PATHS.settings, load: () => import('../pages/myindex/password') },
  { path: PATHS.mine, titleKey: 'pages.mine', tab: 'mine', load: () => import('../pages/myindex/user') },
  { path: PATHS.feedback, titleKey: 'pages.feedback', parent: PATHS.mine, load: () => import('../pages/myindex/feedback') },
];

export const NOT_FOUND_PAGE: PageDefinition = {
  path: '*',
  titleKey: 'pages.notFound',
  parent: PATHS.home,
  load: () => import('../pages/not-found'),
};
