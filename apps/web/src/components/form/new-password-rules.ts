import type { TFunction } from 'i18next';
import { checks, contractRule, required, sameAs, type Rule } from './rules';

/** A new login password: given, and keeping the contract's rule; `more` adds checks of the form's own. */
export function newPasswordRule<Values>(t: TFunction, ...more: Rule<Values>[]): Rule<Values> {
  return checks<Values>(required(t('auth.newPasswordRequired')), contractRule((rules) => rules.passwordSchema, t), ...more);
}

/** The new password typed again, in `passwordField`'s form field. */
export function confirmPasswordRule<Values extends Record<string, unknown>>(passwordField: keyof Values, t: TFunction): Rule<Values> {
  return checks<Values>(required(t('auth.confirmPasswordRequired')), sameAs(passwordField, t));
}
