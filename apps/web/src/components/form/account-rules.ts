import type * as AccountRulesModule from '@wallet/contract/accounts';
import { useEffect } from 'react';

type AccountRules = typeof AccountRulesModule;

let loading: Promise<AccountRules> | undefined;

/**
 * The contract's account field rules. They are built with zod, which weighs
 * more than a whole form page, so they download beside the page (started when
 * a form opens) instead of with it; a check made before they arrive waits for them.
 */
export function accountRules(): Promise<AccountRules> {
  loading ??= import('@wallet/contract/accounts').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** Starts the download when a form opens, so the first check rarely waits. */
export function usePreloadedAccountRules(): void {
  useEffect(() => {
    accountRules().catch(() => {
      // offline: the checks skip the rules and the server still checks
    });
  }, []);
}
