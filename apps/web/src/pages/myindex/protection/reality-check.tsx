export { default } from '../../../features/protection/screens/reality-check-timer';
