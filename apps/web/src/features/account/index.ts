// What other features may use of the account: the reality check logs out as the settings page does.
export { useSignOut } from './components/use-sign-out';
