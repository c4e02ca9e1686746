import type { Page } from '@playwright/test';
import { registerAccount, type Account } from './api';
import { E2E_BASE_URL } from './server';

/** Opens the app already signed in as a new account, the way a returning user arrives. */
export async function signInNewAccount(page: Page, prefix = 'e2e', baseUrl = E2E_BASE_URL): Promise<Account> {
  const account = await registerAccount(prefix, baseUrl);
  await page.addInitScript((token) => {
    // about:blank (see openFresh) has no storage: reading it there throws.
    if (!location.protocol.startsWith('http')) return;
    if (!sessionStorage.getItem('e2e-signed-in')) {
      localStorage.setItem('token', token);
      sessionStorage.setItem('e2e-signed-in', '1');
    }
  }, account.token);
  return account;
}
