export { DicePage as default } from '../../../features/game/screens/dice-page';
