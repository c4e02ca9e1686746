export { WithdrawRecordsPage as default } from '../../../features/money/screens/withdraw-records-page';
