export { StatementPage as default } from '../../../features/money/screens/statement-page';
