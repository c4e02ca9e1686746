export { NoticeListPage as default } from '../../../features/content/screens/notice-list-page';
