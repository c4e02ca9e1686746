export { MinePage as default } from '../../../features/account/screens/mine-page';
