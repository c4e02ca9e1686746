/** Every route of the seed, in one place. */
export const PATHS = {
  home: '/',
  homeAlias: '/pages/component/index',
  login: '/pages/login/login',
  register: '/pages/login/reg',
  forgotPassword: '/pages/login/set',
  recharge: '/pages/money/recharge',
  withdraw: '/pages/money/widht',
  rechargeRecords: '/pages/money/recharge_list',
  withdrawRecords: '/pages/money/widht_list',
  assets: '/pages/money/assets',
  /** Not in the seed: every ledger entry of the user, reached from assets. */
  statement: '/pages/money/statement',
  dice: '/pages/game/dice',
  /** Not in the seed: drawn periods with their seeds to check, and the trend, reached from the game. */
  diceHistory: '/pages/game/dice/history',
  orderRecords: '/pages/game/take_notes',
  /** Not in the seed: the user's chases (the same selections over several periods), reached from the order records. */
  chases: '/pages/game/take_notes/chases',
  activities: '/pages/notice/activity',
  /** Not in the seed: one activity (`?id=`), reached from the Activity tab and from banners. */
  activityDetail: '/pages/notice/activity/detail',
  /** One notice (`?id=`); without an id, the notice list. */
  noticeDetail: '/pages/notice/index',
  noticeList: '/pages/notice/nolist',
  settings: '/pages/myindex/setting',
  payPassword: '/pages/myindex/pass',
  loginPassword: '/pages/myindex/password',
  mine: '/pages/myindex/user',
  feedback: '/pages/myindex/feedback',
  /** Not in the seed: the about-us text, reached from Mine and from the login page. */
  about: '/pages/myindex/about',
  /** Not in the seed: the user's messages (results, reviews, adjustments, chases, replies), reached from the bell on Home and Mine. */
  messages: '/pages/myindex/messages',
  /** Not in the seed: binding or changing the e-mail or mobile, reached from Mine. */
  contact: '/pages/myindex/contact',
  /** Not in the seed: deposit and loss limits, the reality check, time-outs and self-exclusion, reached from Mine. */
  protection: '/pages/myindex/protection',
} as const;

export type TabKey = 'home' | 'project' | 'activity' | 'mine';

/** The bottom tab bar, in order. */
export const TABS: { key: TabKey; path: string }[] = [
  { key: 'home', path: PATHS.home },
  { key: 'project', path: PATHS.dice },
  { key: 'activity', path: PATHS.activities },
  { key: 'mine', path: PATHS.mine },
];

export function loginPathReturningTo(pathname: string, search: string): string {
  return `${PATHS.login}?redirect=${encodeURIComponent(pathname + search)}`;
}
