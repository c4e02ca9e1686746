export { RechargePage as default } from '../../../features/money/screens/recharge-page';
