export { ContactPage as default } from '../../../features/account/screens/contact-page';
