// What the rest of the console uses of sign-in: who is signed in, and how to leave.
export { useMe, useServerTimeZone, useSignOut } from './api/session-calls';
export { SignInPage } from './components/sign-in-page';
