export { SettingsPage as default } from '../../../features/account/screens/settings-page';
