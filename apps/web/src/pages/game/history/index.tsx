export { DiceHistoryPage as default } from '../../../features/game/screens/dice-history-page';
