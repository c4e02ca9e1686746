export { PayPasswordPage as default } from '../../../features/account/screens/pay-password-page';
