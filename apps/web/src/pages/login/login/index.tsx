export { LoginPage as default } from '../../../features/account/screens/login-page';
