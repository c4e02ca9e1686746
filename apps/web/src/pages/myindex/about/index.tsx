export { AboutPage as default } from '../../../features/content/screens/about-page';
