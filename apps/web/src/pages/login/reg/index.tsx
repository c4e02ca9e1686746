export { RegisterPage as default } from '../../../features/account/screens/register-page';
