export { NoticeDetailPage as default } from '../../../features/content/screens/notice-detail-page';
