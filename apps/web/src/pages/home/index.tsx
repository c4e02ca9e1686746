export { HomePage as default } from '../../features/content/screens/home-page';
