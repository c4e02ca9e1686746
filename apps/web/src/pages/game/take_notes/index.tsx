export { OrderRecordsPage as default } from '../../../features/game/screens/order-records-page';
