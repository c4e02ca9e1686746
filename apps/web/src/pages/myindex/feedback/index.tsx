export { FeedbackPage as default } from '../../../features/content/screens/feedback-page';
