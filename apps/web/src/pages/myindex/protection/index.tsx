export { ProtectionPage as default } from '../../../features/protection/screens/protection-page';
