// What the rest of the console uses of sign-in: its page, and how to leave (who is signed in is api/me.ts).
export { useSignOut } from './api/session-calls';
export { SignInPage } from './components/sign-in-page';
