export { RechargeRecordsPage as default } from '../../../features/money/screens/recharge-records-page';
