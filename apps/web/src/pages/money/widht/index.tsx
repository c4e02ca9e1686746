export { WithdrawPage as default } from '../../../features/money/screens/withdraw-page';
