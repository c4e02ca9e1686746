export { ActivityDetailPage as default } from '../../../features/content/screens/activity-detail-page';
