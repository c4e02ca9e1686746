// What other features may use of content: Mine shows the balance glance and the unread marks of the home page.
export { BalanceGlance } from './components/balance-glance';
export { noticeHomeQuery } from './api/content-queries';
