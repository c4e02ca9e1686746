// What other features may use of content: Mine shows the balance glance and the unread marks of the home page.
export { BalanceGlance } from './components/balance-glance';
export { MARKED_CONTENT_QUERY_KEY, noticeHomeQuery } from './api/content-queries';
