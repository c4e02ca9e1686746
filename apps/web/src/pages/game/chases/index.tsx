export { ChaseListPage as default } from '../../../features/game/screens/chase-list-page';
