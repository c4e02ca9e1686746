export { LoginPasswordPage as default } from '../../../features/account/screens/login-password-page';
