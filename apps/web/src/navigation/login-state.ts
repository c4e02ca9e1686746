/**
 * What a page tells the login page it sends the user to (router state, never the URL): the account to sign in
 * to (after a password reset), or that the account was frozen while signed in.
 */
export interface LoginState {
  username?: string;
  frozen?: boolean;
}
