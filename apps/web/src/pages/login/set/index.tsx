export { ForgotPasswordPage as default } from '../../../features/account/screens/forgot-password-page';
