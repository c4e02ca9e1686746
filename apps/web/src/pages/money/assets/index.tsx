export { AssetsPage as default } from '../../../features/money/screens/assets-page';
