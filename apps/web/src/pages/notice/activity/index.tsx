export { ActivityPage as default } from '../../../features/content/screens/activity-page';
