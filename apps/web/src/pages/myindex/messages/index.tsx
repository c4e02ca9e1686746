export { MessagesPage as default } from '../../../features/messages/screens/messages-page';
