export { MessagesBell } from '../../../features/messages/screens/messages-bell';
